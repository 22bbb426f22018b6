import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, signUpRequest } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { authApi, failureText } from '../api/auth-api';
import type { AuthView } from '../hooks/use-auth-modals';
import { useSignInMutation } from '../hooks/use-session';
import { Field, FormError, SubmitButton, SwitchPrompt } from './form-parts';
import { authCopy } from '@/config/content';

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
  const signUp = useSignInMutation(authApi.signUp, onDone);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => signUp.mutate(values))}
    >
      <SwitchPrompt
        question={authCopy.haveAccount}
        action={authCopy.logIn}
        onClick={() => onNavigate({ modal: 'sign-in' })}
      />
      <Field
        label={authCopy.emailLabel}
        type="email"
        placeholder={authCopy.emailPlaceholder}
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label={authCopy.usernameLabel}
        placeholder={authCopy.usernamePlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        label={authCopy.passwordLabel}
        placeholder={authCopy.newPasswordPlaceholder}
        autoComplete="new-password"
        password
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormError>
        {signUp.isError ? failureText(signUp.error, ERRORS.REGISTER_FAILED.message) : null}
      </FormError>
      <SubmitButton pending={signUp.isPending}>{authCopy.signUpSubmit}</SubmitButton>
    </form>
  );
}
