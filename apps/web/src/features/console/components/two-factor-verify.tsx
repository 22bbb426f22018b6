import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorRecoveryRequest } from '@questfield/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { consoleCopy } from '../copy/console';
import { ConsoleStep } from './console-step';
import { CodeStep } from './two-factor-setup';
import { Field, FormError, linkButtonClass, SubmitButton } from '@/components/ui/form';
import { ApiError, failureText } from '@/lib/api-client';

/** The session's two-factor check: a code from the app, or (a lost phone) a recovery code. */
export function TwoFactorVerify({ userId }: { userId: string }) {
  const verify = useVerifyTwoFactor(userId);
  const [withRecovery, setWithRecovery] = useState(false);
  const [switched, setSwitched] = useState(false);
  const switchTo = (recovery: boolean) => {
    verify.reset();
    setWithRecovery(recovery);
    setSwitched(true);
  };
  return (
    <ConsoleStep
      key={String(withRecovery)}
      heading={consoleCopy.verifyHeading}
      takeFocus={switched}
    >
      <p>{withRecovery ? consoleCopy.recoveryHint : consoleCopy.verifyIntro}</p>
      {withRecovery ? (
        <RecoveryCodeForm verify={verify} />
      ) : (
        <CodeStep
          hint={consoleCopy.verifyCodeHint}
          submitLabel={consoleCopy.verifySubmit}
          failure={consoleCopy.verifyFailed}
          mutation={verify}
        />
      )}
      <button type="button" className={linkButtonClass} onClick={() => switchTo(!withRecovery)}>
        {withRecovery ? consoleCopy.useCode : consoleCopy.useRecovery}
      </button>
    </ConsoleStep>
  );
}

function RecoveryCodeForm({ verify }: { verify: ReturnType<typeof useVerifyTwoFactor> }) {
  const form = useForm({
    resolver: zodResolver(twoFactorRecoveryRequest),
    defaultValues: { recoveryCode: '' },
  });
  const wrongCode =
    verify.error instanceof ApiError && verify.error.code === 'TWO_FACTOR_CODE_INVALID';
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) =>
        verify.mutate(values, { onError: () => form.setFocus('recoveryCode') }),
      )}
    >
      <Field
        label={consoleCopy.recoveryLabel}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={
          form.formState.errors.recoveryCode?.message ??
          (wrongCode ? failureText(verify.error, consoleCopy.verifyFailed) : undefined)
        }
        {...form.register('recoveryCode', { onChange: () => wrongCode && verify.reset() })}
      />
      <FormError>
        {verify.isError && !wrongCode ? failureText(verify.error, consoleCopy.verifyFailed) : null}
      </FormError>
      <SubmitButton pending={verify.isPending}>{consoleCopy.verifySubmit}</SubmitButton>
    </form>
  );
}
