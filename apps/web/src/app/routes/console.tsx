import NotFoundRoute from './not-found';
import { PageFallback } from '@/components/layout/navigation-progress';
import { buttonStyles } from '@/components/ui/button-styles';
import { Panel } from '@/components/ui/panel';
import { useSession } from '@/features/accounts/hooks/use-session';
import { ConsoleFrame } from '@/features/console/components/console-frame';
import { ConsoleGate } from '@/features/console/components/console-gate';
import { consoleCopy } from '@/features/console/copy/console';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/** The console's screens: the router's routes below this one (consolePaths) show them. */
export { consoleScreens, NoSuchScreen } from '@/features/console/components/console-screens';

/**
 * The operator console (/operator): staff and admins sign in as everyone does, then pass
 * two-factor (ConsoleGate). A signed-in player finds the not-found page, as for any path
 * without a page, and sees nothing of the console while the server is asked.
 */
export default function ConsoleRoute() {
  const session = useSession();
  if (session.status === 'signed-in') {
    return <ConsoleGate userId={session.user.id} notFound={<NotFoundRoute />} />;
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
