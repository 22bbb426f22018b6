import { lazy, Suspense, useState } from 'react';
import { useAuthModals, type AuthModal } from '../hooks/use-auth-modals';

const AuthPendingDialog = lazy(() => import('./auth-pending-dialog'));

/**
 * Mounted once at app level. Opens on the `openSignIn` / `openSignUp` window events. The
 * dialog's code loads on first use; the real sign-in and sign-up modals replace it here.
 */
export function AuthModals() {
  const { modal, close, restoreFocus } = useAuthModals();
  // The last modal shown (null until the first one): keeps the title steady while the
  // dialog animates out, and keeps the dialog's code unloaded until it is needed.
  const [shown, setShown] = useState<AuthModal | null>(null);
  if (modal !== null && modal !== shown) setShown(modal);

  if (shown === null) return null;

  return (
    <Suspense fallback={null}>
      <AuthPendingDialog
        open={modal !== null}
        modal={modal ?? shown}
        onClose={close}
        onClosed={restoreFocus}
      />
    </Suspense>
  );
}
