import { CONSOLE_PATH, type ConsoleSession } from '@questfield/contract';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { consoleCopy } from '../copy';
import { ApprovalsScreen } from './approvals-screen';
import { AuditLogScreen } from './audit-log-screen';
import { CodeBatchPage } from './code-batch-page';
import { CodesScreen } from './codes-screen';
import { ConsoleHome } from './console-home';
import { OrdersScreen } from './orders-screen';
import { PlayerPage } from './player-page';
import { PlayersScreen } from './players-screen';
import { ReportsScreen } from './reports-screen';
import { ScheduleScreen } from './schedule-screen';
import { SettingsScreen } from './settings-screen';
import { WeekScreen } from './week-screen';
import { cn } from '@/utils/cn';

const SCREENS = [
  { path: '', label: consoleCopy.navOverview },
  { path: 'schedule', label: consoleCopy.navSchedule },
  { path: 'week', label: consoleCopy.navWeek },
  { path: 'players', label: consoleCopy.navPlayers },
  { path: 'codes', label: consoleCopy.navCodes },
  { path: 'orders', label: consoleCopy.navOrders },
  { path: 'reports', label: consoleCopy.navReports },
  { path: 'audit-log', label: consoleCopy.navAuditLog },
  { path: 'approvals', label: consoleCopy.navApprovals, adminOnly: true },
  { path: 'settings', label: consoleCopy.navSettings },
] as const;

/** The console once the session has passed two-factor: its screens, under /operator/…. */
export function ConsoleScreens({ session }: { session: ConsoleSession }) {
  return (
    <>
      <nav aria-label={consoleCopy.nav}>
        <ul className="flex flex-wrap gap-2">
          {SCREENS.filter((screen) => !('adminOnly' in screen) || session.role === 'admin').map(
            (screen) => (
              <li key={screen.path}>
                <NavLink
                  end={screen.path === ''}
                  to={screen.path === '' ? CONSOLE_PATH : `${CONSOLE_PATH}/${screen.path}`}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                      isActive
                        ? 'border-accent-400 bg-accent-400 text-ink-950'
                        : 'border-white/15 text-white hover:border-white/40',
                    )
                  }
                >
                  {screen.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <Routes>
        <Route index element={<ConsoleHome session={session} />} />
        <Route path="schedule" element={<ScheduleScreen />} />
        <Route path="week" element={<WeekScreen canEdit={session.role === 'admin'} />} />
        <Route path="players" element={<PlayersScreen />} />
        <Route path="players/:playerId" element={<PlayerPage session={session} />} />
        <Route path="codes" element={<CodesScreen canEdit={session.role === 'admin'} />} />
        <Route
          path="codes/:batchId"
          element={<CodeBatchPage canEdit={session.role === 'admin'} />}
        />
        <Route path="orders" element={<OrdersScreen canRefund={session.role === 'admin'} />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="audit-log" element={<AuditLogScreen canExport={session.role === 'admin'} />} />
        {session.role === 'admin' ? (
          <Route path="approvals" element={<ApprovalsScreen session={session} />} />
        ) : null}
        <Route path="settings" element={<SettingsScreen canEdit={session.role === 'admin'} />} />
        {/* A screen that does not exist (an old link): the overview. */}
        <Route path="*" element={<Navigate to={CONSOLE_PATH} replace />} />
      </Routes>
    </>
  );
}
