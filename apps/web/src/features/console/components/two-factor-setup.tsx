import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeRequest, twoFactorSetupRequest } from '@questfield/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { commonCopy } from '../copy/common';
import { consoleCopy } from '../copy/console';
import { ConsoleStep } from './console-step';
import { RecoveryCodes } from './recovery-codes';
import { Field, FormError, SubmitButton } from '@/components/ui/form';
import { QrCode } from '@/components/ui/qr-code';
import { ApiError, failureText } from '@/lib/api-client';

/** A refusal that belongs to the field (its message under it), not to the whole form. */
const isFieldError = (error: unknown, code: string) =>
  error instanceof ApiError && error.code === code;

/**
 * Turning two-factor on: the password, then the secret (QR code and key, shown this once) and
 * a first code from the app, then the recovery codes (shown this once). `onDone` once the
 * operator has kept the codes.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  if (enable.data) {
    return <RecoveryCodes codes={enable.data.recoveryCodes} onDone={onDone} />;
  }
  if (setup.data) {
    return <ConfirmFirstCode secret={setup.data} enable={enable} />;
  }
  return <AskPassword setup={setup} />;
}

function AskPassword({ setup }: { setup: ReturnType<typeof useSetupTwoFactor> }) {
  const form = useForm({
    resolver: zodResolver(twoFactorSetupRequest),
    defaultValues: { password: '' },
  });
  const wrongPassword = isFieldError(setup.error, 'PASSWORD_INCORRECT');
  return (
    <ConsoleStep heading={consoleCopy.setupHeading}>
      <p>{consoleCopy.setupIntro}</p>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={form.handleSubmit((values) =>
          setup.mutate(values, { onError: () => form.setFocus('password') }),
        )}
      >
        <Field
          label={commonCopy.passwordLabel}
          hint={consoleCopy.setupPasswordHint}
          autoComplete="current-password"
          password
          error={
            form.formState.errors.password?.message ??
            (wrongPassword ? failureText(setup.error, consoleCopy.setupFailed) : undefined)
          }
          {...form.register('password', { onChange: () => wrongPassword && setup.reset() })}
        />
        <FormError>
          {setup.isError && !wrongPassword
            ? failureText(setup.error, consoleCopy.setupFailed)
            : null}
        </FormError>
        <SubmitButton pending={setup.isPending}>{consoleCopy.setupShowKey}</SubmitButton>
      </form>
    </ConsoleStep>
  );
}

function ConfirmFirstCode({
  secret,
  enable,
}: {
  secret: { secret: string; uri: string };
  enable: ReturnType<typeof useEnableTwoFactor>;
}) {
  const [keyShown] = useState(() => secret.secret.replace(/(.{4})(?!$)/g, '$1 '));
  return (
    <ConsoleStep heading={consoleCopy.setupHeading} takeFocus>
      <p>{consoleCopy.setupScan}</p>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrCode text={secret.uri} label={consoleCopy.qrLabel} />
        <dl className="min-w-0 text-sm">
          <dt className="text-mist-300">{consoleCopy.keyLabel}</dt>
          <dd className="mt-1 font-mono text-base break-words text-white select-all">{keyShown}</dd>
        </dl>
      </div>
      <CodeStep
        hint={consoleCopy.setupCodeHint}
        submitLabel={consoleCopy.enable}
        mutation={enable}
        failure={consoleCopy.setupFailed}
      />
    </ConsoleStep>
  );
}

/** The 6-digit code field and its button, for any mutation that takes `{ code }`. */
export function CodeStep({
  hint,
  submitLabel,
  failure,
  mutation,
}: {
  hint: string;
  submitLabel: string;
  failure: string;
  mutation: {
    mutate: (body: { code: string }, options: { onError: () => void }) => void;
    error: unknown;
    isError: boolean;
    isPending: boolean;
    reset: () => void;
  };
}) {
  const form = useForm({
    resolver: zodResolver(twoFactorCodeRequest),
    defaultValues: { code: '' },
  });
  const wrongCode = isFieldError(mutation.error, 'TWO_FACTOR_CODE_INVALID');
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(values, {
          onError: () => {
            form.resetField('code');
            form.setFocus('code');
          },
        }),
      )}
    >
      <Field
        label={commonCopy.codeLabel}
        hint={hint}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={
          form.formState.errors.code?.message ??
          (wrongCode ? failureText(mutation.error, failure) : undefined)
        }
        {...form.register('code', { onChange: () => wrongCode && mutation.reset() })}
      />
      <FormError>
        {mutation.isError && !wrongCode ? failureText(mutation.error, failure) : null}
      </FormError>
      <SubmitButton pending={mutation.isPending}>{submitLabel}</SubmitButton>
    </form>
  );
}
