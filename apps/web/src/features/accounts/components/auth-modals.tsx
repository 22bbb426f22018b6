import { lazy, Suspense, useState } from 'react';
import { useAuthModals, type AuthView } from '../hooks/use-auth-modals';
import { useSession, useSessionSync } from '../hooks/use-session';

const AuthDialog = lazy(() => import('./auth-dialog'));

/**
 * Mounted once at app level. Opens on the `openSignIn` / `openSignUp` window events and on
 * `openAuthModal()`; keeps the session in step with `loginStatusChanged` and other tabs. The
 * dialogs' code (Radix, react-hook-form, zod) loads on first use.
 */
export function AuthModals() {
  useSessionSync();
  const session = useSession();
  const { view, open, close, closeSignedIn, restoreFocus } = useAuthModals();
  // The last view shown (null until the first one): keeps the content steady while the
  // dialog animates out, and keeps the dialog's code unloaded until it is needed.
  const [shown, setShown] = useState<AuthView | null>(null);
  if (view !== null && view !== shown) setShown(view);

  if (shown === null) return null;

  return (
    <Suspense fallback={null}>
      <AuthDialog
        open={view !== null}
        view={view ?? shown}
        user={session.user}
        onNavigate={open}
        onClose={close}
        onSignedIn={closeSignedIn}
        onClosed={restoreFocus}
      />
    </Suspense>
  );
}
