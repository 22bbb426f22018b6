import { CONTACT } from '@questfield/contract';
import { openAuthModal } from '../hooks/use-auth-modals';
import { useLogout } from '../hooks/use-session';
import { Avatar, CreditsBadge } from './account-badges';
import { useMobileMenu } from '@/components/layout/mobile-menu-context';
import { buttonStyles } from '@/components/ui/button-styles';
import { accountsCopy } from '@/features/accounts/copy';
import type { SessionUser } from '@/lib/session';

/** The signed-in part of the small-screen menu (spec §2). */
export function AccountMenuSection({ user }: { user: SessionUser }) {
  const { logout } = useLogout();
  const { closeMenuThen } = useMobileMenu();

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-white/[0.03] p-4">
      <div className="flex items-center gap-3">
        <Avatar user={user} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="truncate font-bold text-white">{user.username}</p>
          <CreditsBadge user={user} className="mt-1 px-2.5 py-1" />
        </div>
      </div>
      <div className="grid gap-2">
        <a
          href={`mailto:${CONTACT.supportEmail}`}
          className={buttonStyles({ variant: 'ghost', className: 'justify-start' })}
        >
          {accountsCopy.contactUs}
        </a>
        <button
          type="button"
          className={buttonStyles({ variant: 'ghost', className: 'justify-start' })}
          onClick={() => closeMenuThen(() => openAuthModal('account-settings'))}
        >
          {accountsCopy.accountSettings}
        </button>
        <button
          type="button"
          className={buttonStyles({ variant: 'secondary' })}
          onClick={() => {
            void logout();
            closeMenuThen(() => undefined);
          }}
        >
          {accountsCopy.logOut}
        </button>
      </div>
    </div>
  );
}
