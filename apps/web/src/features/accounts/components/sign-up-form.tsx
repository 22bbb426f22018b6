import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, signUpRequest } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { useSignUpMutation } from '../api/sign-up';
import type { AuthView } from '../hooks/use-auth-modals';
import { Field, FormError, SubmitButton, SwitchPrompt } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { accountsCopy } from '@/features/accounts/copy';

const signUpForm = signUpRequest.omit({ appid: true });

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
      onSubmit={form.handleSubmit((values) => signUp.mutate(values))}
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
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormError>
        {signUp.isError ? failureText(signUp.error, ERRORS.REGISTER_FAILED.message) : null}
      </FormError>
      <SubmitButton pending={signUp.isPending}>{accountsCopy.signUpSubmit}</SubmitButton>
    </form>
  );
}
