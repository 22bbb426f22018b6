import { Dialog } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import type { AuthModal, AuthView } from '../hooks/use-auth-modals';
import { AccountSettingsForm } from './account-settings-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { CloseIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo-mark';
import { accountsCopy } from '@/features/accounts/copy';
import type { SessionUser } from '@/lib/session';

const headings: Record<AuthModal, { title: string; description: string }> = {
  'sign-in': { title: accountsCopy.signInTitle, description: accountsCopy.signInDescription },
  'sign-up': { title: accountsCopy.signUpTitle, description: accountsCopy.signUpDescription },
  'forgot-password': {
    title: accountsCopy.forgotTitle,
    description: accountsCopy.forgotDescription,
  },
  'reset-password': { title: accountsCopy.resetTitle, description: accountsCopy.resetDescription },
  'account-settings': {
    title: accountsCopy.settingsTitle,
    description: accountsCopy.settingsDescription,
  },
};

/** A form may name the field to start in (e.g. the password when the email is prefilled). */
const PREFERRED_FIELD = '[data-autofocus]';
const FIRST_FIELD = 'input:not([readonly]):not([disabled])';
const FIRST_BUTTON = 'button:not([disabled])';

/**
 * The one Radix dialog behind every account modal: focus is trapped and returned, the page
 * behind cannot scroll, Escape and the backdrop close it when it is closable. Switching
 * between modals swaps the content inside the same dialog and moves focus to its first field.
 */
export default function AuthDialog({
  open,
  view,
  user,
  onNavigate,
  onClose,
  onSignedIn,
  onClosed,
}: {
  open: boolean;
  view: AuthView;
  user: SessionUser | null;
  onNavigate: (view: AuthView) => void;
  onClose: () => void;
  /** Closes after a successful sign-in or sign-up (focus then goes to the account button). */
  onSignedIn: () => void;
  onClosed: () => void;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const closable = view.closable !== false;
  const { title, description } = headings[view.modal];

  const focusFirst = () => {
    const content = contentRef.current;
    const target =
      content?.querySelector<HTMLElement>(`[data-body] ${PREFERRED_FIELD}`) ??
      content?.querySelector<HTMLElement>(`[data-body] ${FIRST_FIELD}`) ??
      content?.querySelector<HTMLElement>(`[data-body] ${FIRST_BUTTON}`);
    target?.focus();
  };
  const mountedRef = useRef(false);
  useEffect(() => {
    if (mountedRef.current) focusFirst();
    mountedRef.current = true;
  }, [view]);

  let body: ReactNode;
  switch (view.modal) {
    case 'sign-in':
      body = (
        <SignInForm
          notice={view.notice}
          email={view.email}
          onNavigate={onNavigate}
          onDone={onSignedIn}
        />
      );
      break;
    case 'sign-up':
      body = <SignUpForm onNavigate={onNavigate} onDone={onSignedIn} />;
      break;
    case 'forgot-password':
      body = <ForgotPasswordForm email={view.email} onNavigate={onNavigate} />;
      break;
    case 'reset-password':
      body = <ResetPasswordForm reset={view.reset} onNavigate={onNavigate} />;
      break;
    case 'account-settings':
      body = user ? <AccountSettingsForm user={user} /> : null;
      break;
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !closable ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <div className="pointer-events-none fixed inset-0 z-50 overflow-y-auto">
          <div className="flex min-h-full items-center justify-center p-4">
            <Dialog.Content
              ref={contentRef}
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                focusFirst();
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                onClosed();
              }}
              onEscapeKeyDown={(event) => {
                if (!closable) event.preventDefault();
              }}
              onPointerDownOutside={(event) => {
                if (!closable) event.preventDefault();
              }}
              className="pointer-events-auto relative w-full max-w-md rounded-3xl border border-white/10 bg-ink-850 p-6 shadow-2xl shadow-black/60 sm:p-8 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-pop-in"
            >
              <LogoMark className="size-9 text-accent-400" />
              <Dialog.Title className="mt-4 text-2xl font-extrabold tracking-tight text-white">
                {title}
              </Dialog.Title>
              <Dialog.Description className="mt-1.5 text-sm text-mist-300">
                {description}
              </Dialog.Description>
              <div key={view.modal} data-body className="mt-6">
                {body}
              </div>
              {closable ? (
                <Dialog.Close
                  aria-label={accountsCopy.close}
                  className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white"
                >
                  <CloseIcon />
                </Dialog.Close>
              ) : null}
            </Dialog.Content>
          </div>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
