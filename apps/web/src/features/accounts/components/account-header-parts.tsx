import { AccountBar } from './account-bar';
import { AccountMenuSection } from './account-menu-section';
import type { HeaderAccountParts } from '@/components/layout/site-header';
import type { SessionUser } from '@/lib/session';

/** What the header shows for a signed-in player, in the bar and in the small-screen menu. */
export function accountHeaderParts(user: SessionUser): HeaderAccountParts {
  return {
    bar: <AccountBar user={user} />,
    menu: <AccountMenuSection user={user} />,
  };
}
