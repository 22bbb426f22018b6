import { useEffect, useRef, type ReactNode } from 'react';
import type { AuthModal, AuthView } from '../hooks/use-auth-modals';
import { AccountSettingsForm } from './account-settings-form';
import { DeleteAccountSection } from './delete-account-section';
import { ReminderEmailsSection } from './reminder-emails-section';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { DialogShell } from '@/components/ui/dialog';
import { LogoMark } from '@/components/ui/logo-mark';
import { StatusNotice } from '@/components/ui/status-notice';
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
 * Beside it, the notice that stays after the dialog has closed (an account deleted).
 */
export default function AuthDialog({
  open,
  view,
  user,
  notice,
  onNavigate,
  onClose,
  onSignedIn,
  onAccountDeleted,
  onDismissNotice,
  onClosed,
}: {
  open: boolean;
  view: AuthView;
  user: SessionUser | null;
  notice: string | null;
  onNavigate: (view: AuthView) => void;
  onClose: () => void;
  /** Closes after a successful sign-in or sign-up (focus then goes to the account button). */
  onSignedIn: () => void;
  /** Closes after the account was deleted, with the server's answer to show. */
  onAccountDeleted: (message: string) => void;
  onDismissNotice: () => void;
  onClosed: () => void;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const closable = view.closable !== false;
  const { title, description } = headings[view.modal];

  const findFirst = () => {
    const content = contentRef.current;
    return (
      content?.querySelector<HTMLElement>(`[data-body] ${PREFERRED_FIELD}`) ??
      content?.querySelector<HTMLElement>(`[data-body] ${FIRST_FIELD}`) ??
      content?.querySelector<HTMLElement>(`[data-body] ${FIRST_BUTTON}`)
    );
  };
  const mountedRef = useRef(false);
  useEffect(() => {
    if (mountedRef.current) findFirst()?.focus();
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
      body = (
        <ResetPasswordForm reset={view.reset} onNavigate={onNavigate} onSignedIn={onSignedIn} />
      );
      break;
    case 'account-settings':
      body = user ? (
        <>
          <AccountSettingsForm user={user} />
          <ReminderEmailsSection user={user} />
          <DeleteAccountSection user={user} onDeleted={onAccountDeleted} />
        </>
      ) : null;
      break;
  }

  return (
    <>
      <DialogShell
        open={open}
        onOpenChange={(next) => {
          if (!next) onClose();
        }}
        title={title}
        description={description}
        closeLabel={accountsCopy.close}
        icon={<LogoMark className="size-9 text-accent-400" />}
        closable={closable}
        initialFocus={findFirst}
        onClosed={onClosed}
        contentRef={contentRef}
      >
        <div key={view.modal} data-body className="mt-6">
          {body}
        </div>
      </DialogShell>
      <StatusNotice
        message={notice}
        dismissLabel={accountsCopy.dismiss}
        onDismiss={onDismissNotice}
      />
    </>
  );
}
