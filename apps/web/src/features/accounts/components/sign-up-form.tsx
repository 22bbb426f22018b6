import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, PASSWORD_RULE, signUpForm } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { useSignUpMutation } from '../api/sign-up';
import type { AuthView } from '../hooks/use-auth-modals';
import { Field, FormError, SubmitButton, SwitchPrompt } from '@/components/ui/form';
import { ApiError, failureText, type ApiErrorCode } from '@/lib/api-client';
import { accountsCopy } from '@/features/accounts/copy';

/** The server's refusals of the password itself: shown under the field, not at the bottom. */
const PASSWORD_REFUSALS: ReadonlySet<ApiErrorCode> = new Set([
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
]);

function isPasswordRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && PASSWORD_REFUSALS.has(error.code);
}

/**
 * Email, username and password, each checked before sending with the rules the server applies
 * (the contract's sign-up form); the password rule shows under its field from the start.
 */
export function SignUpForm({
  onNavigate,
  onDone,
}: {
  onNavigate: (view: AuthView) => void;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(signUpForm),
    defaultValues: { email: '', username: '', password: '' },
  });
  const signUp = useSignUpMutation(onDone);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) =>
        signUp.mutate(values, {
          onError: (error) => {
            if (!isPasswordRefusal(error)) return;
            form.setError(
              'password',
              { type: 'server', message: failureText(error, ERRORS.REGISTER_FAILED.message) },
              { shouldFocus: true },
            );
          },
        }),
      )}
    >
      <SwitchPrompt
        question={accountsCopy.haveAccount}
        action={accountsCopy.logIn}
        onClick={() => onNavigate({ modal: 'sign-in' })}
      />
      <Field
        label={accountsCopy.emailLabel}
        type="email"
        placeholder={accountsCopy.emailPlaceholder}
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label={accountsCopy.usernameLabel}
        placeholder={accountsCopy.usernamePlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        label={accountsCopy.passwordLabel}
        placeholder={accountsCopy.newPasswordPlaceholder}
        autoComplete="new-password"
        password
        hint={PASSWORD_RULE}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormError>
        {signUp.isError && !isPasswordRefusal(signUp.error)
          ? failureText(signUp.error, ERRORS.REGISTER_FAILED.message)
          : null}
      </FormError>
      <SubmitButton pending={signUp.isPending}>{accountsCopy.signUpSubmit}</SubmitButton>
    </form>
  );
}
