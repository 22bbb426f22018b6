import { useRef } from 'react';
import NotFoundRoute from './not-found';
import { SiteFrame } from './root';
import { PageFallback } from '@/components/layout/navigation-progress';
import { buttonStyles } from '@/components/ui/button-styles';
import { Panel } from '@/components/ui/panel';
import { useTakeAccountFocus } from '@/features/accounts/hooks/account-focus';
import { useLogout, useSession } from '@/features/accounts/hooks/use-session';
import {
  barLinkClass,
  ConsoleFrame,
  type ConsoleAccount,
} from '@/features/console/components/console-frame';
import { ConsoleGate } from '@/features/console/components/console-gate';
import { consoleCopy } from '@/features/console/copy/console';
import { frameCopy } from '@/features/console/copy/frame';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/** The console's screens: the router's routes below this one (consolePaths) show them. */
export { consoleScreens, NoSuchScreen } from '@/features/console/components/console-screens';

/**
 * The operator console (/operator): staff and admins sign in as everyone does, then pass
 * two-factor (ConsoleGate). A signed-in player finds the not-found page, as for any path
 * without a page, and sees nothing of the console while the server is asked.
 */
/** The console bar's Sign out: after a sign-in the focus goes to it as it mounts, as on the site. */
function SignOutButton({ onClick }: { onClick: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useTakeAccountFocus(ref);
  return (
    <button ref={ref} type="button" data-account-button className={barLinkClass} onClick={onClick}>
      {frameCopy.signOut}
    </button>
  );
}

export default function ConsoleRoute() {
  const session = useSession();
  const { logout } = useLogout();
  if (session.status === 'signed-in') {
    const onSignOut = () => void logout();
    const account: ConsoleAccount = {
      username: session.user.username,
      onSignOut,
      signOutButton: <SignOutButton onClick={onSignOut} />,
    };
    return (
      <ConsoleGate
        userId={session.user.id}
        account={account}
        notFound={
          // A player finds the site's not-found page, in the site's frame: nothing of the console.
          <SiteFrame>
            <NotFoundRoute />
          </SiteFrame>
        }
      />
    );
  }
  if (session.status === 'loading') return <PageFallback />;
  return (
    <ConsoleFrame>
      <Panel heading={consoleCopy.signInHeading} className="mx-auto w-full max-w-xl">
        <p className="mt-2 text-mist-300">{consoleCopy.signInText}</p>
        <button
          type="button"
          className={buttonStyles({ className: 'mt-5' })}
          onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignIn)}
        >
          {consoleCopy.signIn}
        </button>
      </Panel>
    </ConsoleFrame>
  );
}
