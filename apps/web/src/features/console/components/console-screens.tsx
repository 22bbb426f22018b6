import type { ConsoleSession } from '@questfield/contract';
import type { ComponentType } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router';
import { ApprovalsScreen } from './approvals-screen';
import { AuditLogScreen } from './audit-log-screen';
import { CodeBatchPage } from './code-batch-page';
import { CodesScreen } from './codes-screen';
import { ConsoleHome } from './console-home';
import { OrdersScreen } from './orders-screen';
import { PlayerPage } from './player-page';
import { PlayersScreen } from './players-screen';
import { ReportsScreen } from './reports-screen';
import { RosterPage } from './roster-page';
import { ScheduleScreen } from './schedule-screen';
import { SettingsScreen } from './settings-screen';
import { WeekScreen } from './week-screen';
import { consolePaths, type ConsoleScreen } from '@/config/paths';

/**
 * The console once the session has passed two-factor: the screen the router matched
 * (consolePaths), handed the session; the frame around it (ConsoleFrame) holds the navigation.
 */
export function ConsoleScreens({ session }: { session: ConsoleSession }) {
  return <Outlet context={session} />;
}

/** The session ConsoleScreens hands the screen it shows. */
const useSession = () => useOutletContext<ConsoleSession>();
const useIsAdmin = () => useSession().role === 'admin';

/** A console address without a screen (an old link, or a screen of admins' for staff). */
export function NoSuchScreen() {
  return <Navigate to={consolePaths.home} replace />;
}

// The screens, each told what the session may do there.
function Home() {
  return <ConsoleHome session={useSession()} />;
}
function Week() {
  return <WeekScreen canEdit={useIsAdmin()} />;
}
function Player() {
  return <PlayerPage session={useSession()} />;
}
function Codes() {
  return <CodesScreen canEdit={useIsAdmin()} />;
}
function CodeBatch() {
  return <CodeBatchPage canEdit={useIsAdmin()} />;
}
function Orders() {
  return <OrdersScreen canRefund={useIsAdmin()} />;
}
function AuditLog() {
  return <AuditLogScreen canExport={useIsAdmin()} />;
}
function Approvals() {
  const session = useSession();
  return session.role === 'admin' ? <ApprovalsScreen session={session} /> : <NoSuchScreen />;
}
function Settings() {
  return <SettingsScreen canEdit={useIsAdmin()} />;
}

/** Each screen of the console by its name in consolePaths, as the router shows it. */
export const consoleScreens: Record<ConsoleScreen, ComponentType> = {
  home: Home,
  schedule: ScheduleScreen,
  week: Week,
  players: PlayersScreen,
  player: Player,
  codes: Codes,
  codeBatch: CodeBatch,
  orders: Orders,
  reports: ReportsScreen,
  auditLog: AuditLog,
  approvals: Approvals,
  settings: Settings,
  roster: RosterPage,
};
