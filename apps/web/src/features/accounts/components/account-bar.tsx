import { lazy, Suspense, type ReactNode } from 'react';
import { Avatar, CreditsBadge } from './account-badges';
import type { SessionUser } from '@/lib/session';

const AccountDropdown = lazy(() => import('./account-dropdown'));

/** Credits and the avatar; the avatar's menu (Radix) loads beside it, off the first script. */
export function AccountBar({ user }: { user: SessionUser }) {
  const fallback: ReactNode = (
    <>
      <CreditsBadge user={user} />
      <span className="rounded-full p-0.5">
        <Avatar user={user} />
      </span>
    </>
  );
  return (
    <div data-account-bar className="flex items-center gap-3">
      <Suspense fallback={fallback}>
        <AccountDropdown user={user} />
      </Suspense>
    </div>
  );
}
