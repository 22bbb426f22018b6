import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { useTakeAccountFocus } from '../hooks/account-focus';
import { openAuthModal } from '../hooks/use-auth-modals';
import { useLogout } from '../hooks/use-session';
import { Avatar, CreditsBadge } from './account-badges';
import { accountsCopy } from '@/features/accounts/copy';
import type { SessionUser } from '@/lib/session';

const itemClass =
  'flex h-11 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-mist-100 outline-none select-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white';

/** The avatar button and its menu: Account Settings and Log Out. */
export default function AccountDropdown({ user }: { user: SessionUser }) {
  const { logout } = useLogout();
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeAccountFocus(triggerRef);
  // Account Settings opens once the menu has handed focus back to the avatar, so closing the
  // modal later returns focus there.
  const openSettingsRef = useRef(false);

  return (
    <>
      <CreditsBadge user={user} />
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          data-account-button
          aria-label={accountsCopy.accountMenu}
          className="rounded-full p-0.5 ring-2 ring-transparent hover:ring-accent-300/60 data-[state=open]:ring-accent-300"
        >
          <Avatar user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
              if (openSettingsRef.current) {
                openSettingsRef.current = false;
                openAuthModal('account-settings');
              }
            }}
            className="z-40 min-w-56 rounded-2xl border border-white/10 bg-ink-850 p-1.5 shadow-2xl shadow-black/60 motion-safe:data-[state=open]:animate-fade-in"
          >
            <DropdownMenu.Label className="px-3 pt-2 pb-2.5">
              <span className="block truncate text-sm font-bold text-white">{user.username}</span>
              <span className="block truncate text-xs text-mist-400">{user.email}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-white/10" />
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                openSettingsRef.current = true;
              }}
            >
              {accountsCopy.accountSettings}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
              {accountsCopy.logOut}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
