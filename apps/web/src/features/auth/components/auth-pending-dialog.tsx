import { Dialog } from 'radix-ui';
import type { AuthModal } from '../hooks/use-auth-modals';
import { buttonStyles } from '@/components/ui/button-styles';
import { CloseIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo-mark';
import { authCopy } from '@/config/content';

const copy: Record<AuthModal, { title: string; body: string }> = {
  'sign-in': { title: authCopy.signInTitle, body: authCopy.signInPending },
  'sign-up': { title: authCopy.signUpTitle, body: authCopy.signUpPending },
};

/** Stands in for the sign-in and sign-up modals until accounts ship. */
export default function AuthPendingDialog({
  open,
  modal,
  onClose,
  onClosed,
}: {
  open: boolean;
  modal: AuthModal;
  onClose: () => void;
  onClosed: () => void;
}) {
  const { title, body } = copy[modal];

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-4">
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              onClosed();
            }}
            className="pointer-events-auto relative w-full max-w-md rounded-3xl border border-white/10 bg-ink-850 p-6 shadow-2xl shadow-black/60 sm:p-8 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-pop-in"
          >
            <Dialog.Close
              aria-label={authCopy.close}
              className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white"
            >
              <CloseIcon />
            </Dialog.Close>
            <LogoMark className="size-10 text-accent-400" />
            <Dialog.Title className="mt-5 text-2xl font-extrabold tracking-tight text-white">
              {title}
            </Dialog.Title>
            <Dialog.Description className="mt-3 text-base text-mist-100">{body}</Dialog.Description>
            <p className="mt-2 text-sm text-mist-300">{authCopy.pendingDetail}</p>
            <Dialog.Close className={buttonStyles({ size: 'lg', className: 'mt-8 w-full' })}>
              {authCopy.continueBrowsing}
            </Dialog.Close>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
