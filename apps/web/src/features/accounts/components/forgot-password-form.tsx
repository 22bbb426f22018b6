import { zodResolver } from '@hookform/resolvers/zod';
import {
  ERRORS,
  MESSAGES,
  RECOVERY_CODE_LENGTH,
  requestRecoveryCodeRequest,
  verifyRecoveryCodeRequest,
} from '@questfield/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRequestRecoveryCodeMutation } from '../api/request-recovery-code';
import { useVerifyRecoveryCodeMutation } from '../api/verify-recovery-code';
import type { AuthView } from '../hooks/use-auth-modals';
import {
  Field,
  FormError,
  FormNotice,
  linkButtonClass,
  Spinner,
  SubmitButton,
} from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { buttonStyles } from '@/components/ui/button-styles';
import { accountsCopy } from '@/features/accounts/copy';

const codeForm = verifyRecoveryCodeRequest.pick({ code: true });

/**
 * Step 1 asks for the email; step 2 takes the 6-digit code and opens the reset form. The email
 * typed is kept: 'Use another email' brings it back to step 1, and Sign In carries it over.
 */
export function ForgotPasswordForm({
  email: initialEmail = '',
  onNavigate,
}: {
  email?: string | undefined;
  onNavigate: (view: AuthView) => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [returned, setReturned] = useState(false);
  const [typed, setTyped] = useState(initialEmail);

  const signIn = () => {
    const email = (sentTo ?? typed).trim();
    onNavigate({ modal: 'sign-in', ...(email ? { email } : {}) });
  };

  return (
    <div className="flex flex-col gap-5">
      {sentTo === null ? (
        <EmailStep
          defaultEmail={typed}
          focusOnMount={returned}
          onTyped={setTyped}
          onSent={setSentTo}
        />
      ) : (
        <CodeStep
          email={sentTo}
          onNavigate={onNavigate}
          onUseAnotherEmail={() => {
            setTyped(sentTo);
            setReturned(true);
            setSentTo(null);
          }}
        />
      )}
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        onClick={signIn}
      >
        {accountsCopy.backToSignIn}
      </button>
    </div>
  );
}

function EmailStep({
  defaultEmail,
  focusOnMount,
  onTyped,
  onSent,
}: {
  defaultEmail: string;
  focusOnMount: boolean;
  onTyped: (email: string) => void;
  onSent: (email: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(requestRecoveryCodeRequest),
    defaultValues: { email: defaultEmail },
  });
  const request = useRequestRecoveryCodeMutation(onSent);

  useEffect(() => {
    if (focusOnMount) form.setFocus('email', { shouldSelect: true });
  }, [focusOnMount, form]);

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => request.mutate(values))}
    >
      <Field
        label={accountsCopy.emailLabel}
        type="email"
        placeholder={accountsCopy.emailPlaceholder}
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email', { onChange: (event) => onTyped(event.target.value) })}
      />
      <FormError>
        {request.isError ? failureText(request.error, ERRORS.RECOVERY_INTERNAL.message) : null}
      </FormError>
      <SubmitButton pending={request.isPending}>{accountsCopy.sendRecoveryCode}</SubmitButton>
    </form>
  );
}

function CodeStep({
  email,
  onNavigate,
  onUseAnotherEmail,
}: {
  email: string;
  onNavigate: (view: AuthView) => void;
  onUseAnotherEmail: () => void;
}) {
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const verify = useVerifyRecoveryCodeMutation((resetToken) =>
    onNavigate({ modal: 'reset-password', reset: { email, resetToken } }),
  );
  // The same request as step 1; the server limits how often, and its 429 message shows here.
  const resend = useRequestRecoveryCodeMutation(() => {
    form.resetField('code');
    form.setFocus('code');
  });

  // The code is what the player types next.
  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        resend.reset();
        verify.mutate({ email, code: values.code });
      })}
    >
      <FormNotice>{MESSAGES.recoveryCodeSent(email)}</FormNotice>
      <p className="-mt-2 text-sm text-mist-300">{MESSAGES.recoveryRequested}</p>
      <Field
        label={accountsCopy.recoveryCodeLabel}
        placeholder={accountsCopy.recoveryCodePlaceholder}
        maxLength={RECOVERY_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        // The code's wide spacing is for the digits; the placeholder keeps the normal text look.
        inputClassName="font-mono tracking-[0.4em] placeholder:font-sans placeholder:tracking-normal"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <FormError>
        {verify.isError ? failureText(verify.error, ERRORS.INVALID_RECOVERY_CODE.message) : null}
      </FormError>
      <SubmitButton pending={verify.isPending}>{accountsCopy.verifyCode}</SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <button
          type="button"
          className={`inline-flex items-center gap-2 ${linkButtonClass}`}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => {
            verify.reset();
            resend.mutate({ email });
          }}
        >
          {resend.isPending ? <Spinner /> : null}
          {accountsCopy.resendCode}
        </button>
        <button type="button" className={linkButtonClass} onClick={onUseAnotherEmail}>
          {accountsCopy.useAnotherEmail}
        </button>
      </div>
      <FormError>
        {resend.isError ? failureText(resend.error, ERRORS.RECOVERY_INTERNAL.message) : null}
      </FormError>
      <FormNotice>{resend.isSuccess ? accountsCopy.codeResent : null}</FormNotice>
    </form>
  );
}
