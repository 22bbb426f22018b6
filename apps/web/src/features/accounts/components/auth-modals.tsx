import { useState } from 'react';
import { useAuthModals, type AuthView } from '../hooks/use-auth-modals';
import { useSession, useSessionSync } from '../hooks/use-session';
import { onDemand } from '@/lib/on-demand';

const AuthDialog = onDemand(() => import('./auth-dialog'));

/**
 * Mounted once at app level. Opens on the `openSignIn` / `openSignUp` window events and on
 * `openAuthModal()`; keeps the session in step with `loginStatusChanged` and other tabs. The
 * dialogs' code (Radix, react-hook-form, zod) loads on first use.
 */
export function AuthModals() {
  useSessionSync();
  const session = useSession();
  const { view, open, close, closeSignedIn, closeSignedOut, restoreFocus } = useAuthModals();
  // The last view and user shown (null until the first one): keep the content steady while
  // the dialog animates out (also when it closes because the account was deleted), and keep
  // the dialog's code unloaded until it is needed.
  const [shown, setShown] = useState<AuthView | null>(null);
  if (view !== null && view !== shown) setShown(view);
  const [shownUser, setShownUser] = useState(session.user);
  if (session.user !== null && session.user !== shownUser) setShownUser(session.user);
  // Said after the dialog has closed (an account deleted); the next modal takes it away.
  const [notice, setNotice] = useState<string | null>(null);
  if (view !== null && notice !== null) setNotice(null);

  if (shown === null) return null;

  return (
    <AuthDialog
      open={view !== null}
      view={view ?? shown}
      user={view === null ? shownUser : session.user}
      notice={notice}
      onNavigate={open}
      onClose={close}
      onSignedIn={closeSignedIn}
      onAccountDeleted={(message) => {
        setNotice(message);
        closeSignedOut();
      }}
      onDismissNotice={() => setNotice(null)}
      onClosed={restoreFocus}
    />
  );
}
