import { zodResolver } from '@hookform/resolvers/zod';
import {
  ERRORS,
  MESSAGES,
  RECOVERY_CODE_LENGTH,
  requestRecoveryCodeRequest,
  verifyRecoveryCodeRequest,
} from '@questfield/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRequestRecoveryCodeMutation } from '../api/request-recovery-code';
import { useVerifyRecoveryCodeMutation } from '../api/verify-recovery-code';
import type { AuthView } from '../hooks/use-auth-modals';
import { Field, FormError, FormNotice, SubmitButton } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { buttonStyles } from '@/components/ui/button-styles';
import { accountsCopy } from '@/features/accounts/copy';

const codeForm = verifyRecoveryCodeRequest.pick({ code: true });

/** Step 1 asks for the e-mail; step 2 takes the 6-digit code and opens the reset form. */
export function ForgotPasswordForm({ onNavigate }: { onNavigate: (view: AuthView) => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-5">
      {sentTo === null ? (
        <EmailStep onSent={setSentTo} />
      ) : (
        <CodeStep email={sentTo} onNavigate={onNavigate} />
      )}
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        onClick={() => onNavigate({ modal: 'sign-in' })}
      >
        {accountsCopy.backToSignIn}
      </button>
    </div>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm({
    resolver: zodResolver(requestRecoveryCodeRequest),
    defaultValues: { email: '' },
  });
  const request = useRequestRecoveryCodeMutation(onSent);

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
        {...form.register('email')}
      />
      <FormError>
        {request.isError ? failureText(request.error, ERRORS.RECOVERY_INTERNAL.message) : null}
      </FormError>
      <SubmitButton pending={request.isPending}>{accountsCopy.sendRecoveryCode}</SubmitButton>
    </form>
  );
}

function CodeStep({ email, onNavigate }: { email: string; onNavigate: (view: AuthView) => void }) {
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const verify = useVerifyRecoveryCodeMutation((resetToken) =>
    onNavigate({ modal: 'reset-password', reset: { email, resetToken } }),
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => verify.mutate({ email, code: values.code }))}
    >
      <FormNotice>{MESSAGES.recoveryCodeSent(email)}</FormNotice>
      <p className="-mt-2 text-sm text-mist-300">{MESSAGES.recoveryRequested}</p>
      <Field
        label={accountsCopy.recoveryCodeLabel}
        placeholder={accountsCopy.recoveryCodePlaceholder}
        maxLength={RECOVERY_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <FormError>
        {verify.isError ? failureText(verify.error, ERRORS.INVALID_RECOVERY_CODE.message) : null}
      </FormError>
      <SubmitButton pending={verify.isPending}>{accountsCopy.verifyCode}</SubmitButton>
    </form>
  );
}
