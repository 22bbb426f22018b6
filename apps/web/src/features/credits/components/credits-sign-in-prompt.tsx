import { Link } from 'react-router';
import { creditsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { Panel } from '@/components/ui/panel';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/** What a visitor sees instead of the balance and history: sign in, or look for a session. */
export function CreditsSignInPrompt() {
  return (
    <Panel heading={creditsCopy.signedOutHeading}>
      <p className="mt-2 text-mist-300">{creditsCopy.signedOutText}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles()}
          onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignIn)}
        >
          {creditsCopy.signIn}
        </button>
        <Link to="/" className={buttonStyles({ variant: 'secondary' })}>
          {creditsCopy.joinSession}
        </Link>
      </div>
    </Panel>
  );
}
