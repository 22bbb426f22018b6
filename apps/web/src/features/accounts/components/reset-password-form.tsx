import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, MESSAGES, newPasswordField, PASSWORD_RULE } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useResetTokenSignInMutation } from '../api/sign-in-with-reset-token';
import { useUpdatePasswordMutation } from '../api/update-password';
import type { AuthView } from '../hooks/use-auth-modals';
import { Field, FormError, SubmitButton } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { buttonStyles } from '@/components/ui/button-styles';
import { accountsCopy } from '@/features/accounts/copy';

/**
 * Spec §5 with product.md's minimum of 8, counted as the server counts (the contract's rule):
 * not blank, long enough, both entries equal.
 */
const resetPasswordForm = z
  .object({
    password: newPasswordField(MESSAGES.enterNewPassword),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirm'],
  });

export function ResetPasswordForm({
  reset,
  onNavigate,
  onSignedIn,
}: {
  reset: { email: string; resetToken: string } | undefined;
  onNavigate: (view: AuthView) => void;
  /** The verified code signed the player in instead (the password unchanged). */
  onSignedIn: () => void;
}) {
  const signIn = useResetTokenSignInMutation(onSignedIn);
  const form = useForm({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const update = useUpdatePasswordMutation((message) =>
    onNavigate({
      modal: 'sign-in',
      notice: message || MESSAGES.passwordUpdated,
      ...(reset ? { email: reset.email } : {}),
    }),
  );
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        if (!reset) return;
        update.mutate({
          email: reset.email,
          resetToken: reset.resetToken,
          password: values.password,
        });
      })}
    >
      <Field
        label={accountsCopy.newPasswordLabel}
        autoComplete="new-password"
        password
        hint={PASSWORD_RULE}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        label={accountsCopy.confirmPasswordLabel}
        autoComplete="new-password"
        password
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <FormError>
        {update.isError
          ? failureText(update.error, ERRORS.PASSWORD_UPDATE_FAILED.message)
          : signIn.isError
            ? failureText(signIn.error, ERRORS.INVALID_RECOVERY_CODE.message)
            : null}
      </FormError>
      <SubmitButton pending={update.isPending}>{accountsCopy.resetSubmit}</SubmitButton>
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        disabled={!reset || signIn.isPending}
        onClick={() => reset && signIn.mutate(reset)}
      >
        {accountsCopy.signInWithCode}
      </button>
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        onClick={() =>
          onNavigate({ modal: 'forgot-password', ...(reset ? { email: reset.email } : {}) })
        }
      >
        {accountsCopy.back}
      </button>
    </form>
  );
}
