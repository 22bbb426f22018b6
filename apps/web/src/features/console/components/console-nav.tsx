import type { ConsoleSession } from '@questfield/contract';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link, matchPath, NavLink, useLocation } from 'react-router';
import { consoleCopy } from '../copy/console';
import { frameCopy } from '../copy/frame';
import { MenuIcon } from '@/components/ui/icons';
import { consolePaths, paths, type ConsoleScreen } from '@/config/paths';
import { cn } from '@/utils/cn';

/**
 * The console's screens in its navigation, each with the key that goes there after `g` (the
 * keyboard shortcuts); staff do not see the admins' own.
 */
const CONSOLE_NAV = [
  { screen: 'home', label: consoleCopy.navOverview, key: 't' },
  { screen: 'schedule', label: consoleCopy.navSchedule, key: 'd' },
  { screen: 'week', label: consoleCopy.navWeek, key: 'w' },
  { screen: 'players', label: consoleCopy.navPlayers, key: 'p' },
  { screen: 'codes', label: consoleCopy.navCodes, key: 'c' },
  { screen: 'orders', label: consoleCopy.navOrders, key: 'o' },
  { screen: 'reports', label: consoleCopy.navReports, key: 'r' },
  { screen: 'auditLog', label: consoleCopy.navAuditLog, key: 'a' },
  { screen: 'approvals', label: consoleCopy.navApprovals, key: 'v', adminOnly: true },
  { screen: 'settings', label: consoleCopy.navSettings, key: 's' },
] as const satisfies readonly {
  screen: ConsoleScreen;
  label: string;
  key: string;
  adminOnly?: boolean;
}[];

export type ConsoleNavItem = (typeof CONSOLE_NAV)[number];

/** The screens `role` may open. */
export const navFor = (role: ConsoleSession['role']): readonly ConsoleNavItem[] =>
  CONSOLE_NAV.filter((item) => !('adminOnly' in item) || role === 'admin');

/** The navigation's screen the address is on (a player's page is Players'), if any. */
export function useCurrentScreen(): ConsoleNavItem | undefined {
  const { pathname } = useLocation();
  return CONSOLE_NAV.find((item) =>
    matchPath({ path: consolePaths[item.screen], end: item.screen === 'home' }, pathname),
  );
}

/** From tablet width up: the screens as a compact bar of tabs below the top bar. */
export function ConsoleTabs({ items }: { items: readonly ConsoleNavItem[] }) {
  return (
    <nav aria-label={consoleCopy.nav} className="hidden border-t border-white/5 md:block">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-1 px-2 lg:px-4">
        {items.map((item) => (
          <li key={item.screen}>
            <NavLink
              end={item.screen === 'home'}
              to={consolePaths[item.screen]}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-10 items-center border-b-2 px-3 text-sm font-semibold transition-colors',
                  isActive
                    ? 'border-accent-400 text-white'
                    : 'border-transparent text-mist-300 hover:text-white',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const itemClass =
  'flex h-11 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-mist-100 outline-none select-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white aria-[current=page]:text-accent-300';

/**
 * At phone width: the screens, the signed-in operator and the way out as one Radix menu, its
 * button naming the screen shown.
 */
export function ConsoleMenu({
  items,
  current,
  account,
  onShortcuts,
  onSignOut,
}: {
  items: readonly ConsoleNavItem[];
  current: string;
  /** Who is signed in, as the top bar says it. */
  account: ReactNode;
  onShortcuts: () => void;
  onSignOut: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="ml-auto inline-flex h-9 min-w-0 items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 text-sm font-semibold text-white hover:bg-white/10 data-[state=open]:border-accent-300 md:hidden">
        <MenuIcon className="size-4 shrink-0" />
        <span className="sr-only">{frameCopy.menu}: </span>
        <span className="truncate">{current}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 max-h-[var(--radix-dropdown-menu-content-available-height)] w-[min(18rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl border border-white/10 bg-ink-850 p-1.5 shadow-2xl shadow-black/60 motion-safe:data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2 text-xs text-mist-400">
            {account}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-white/10" />
          {items.map((item) => {
            const active = matchPath(
              { path: consolePaths[item.screen], end: item.screen === 'home' },
              pathname,
            );
            return (
              <DropdownMenu.Item key={item.screen} asChild className={itemClass}>
                <Link to={consolePaths[item.screen]} aria-current={active ? 'page' : undefined}>
                  {item.label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Separator className="mx-1 my-1 h-px bg-white/10" />
          <DropdownMenu.Item className={itemClass} onSelect={onShortcuts}>
            {frameCopy.shortcutsButton}
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.home.path}>{frameCopy.playerSite}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            {frameCopy.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
