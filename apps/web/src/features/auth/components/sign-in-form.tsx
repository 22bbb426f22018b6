import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, loginRequest } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { authApi, failureText } from '../api/auth-api';
import type { AuthView } from '../hooks/use-auth-modals';
import { useSignInMutation } from '../hooks/use-session';
import {
  Field,
  FormError,
  FormNotice,
  linkButtonClass,
  SubmitButton,
  SwitchPrompt,
} from './form-parts';
import { authCopy } from '@/config/content';

export function SignInForm({
  notice,
  onNavigate,
  onDone,
}: {
  notice?: string | undefined;
  onNavigate: (view: AuthView) => void;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const login = useSignInMutation(authApi.login, onDone);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
    >
      <FormNotice>{notice}</FormNotice>
      <SwitchPrompt
        question={authCopy.newUser}
        action={authCopy.createAccount}
        onClick={() => onNavigate({ modal: 'sign-up' })}
      />
      <Field
        label={authCopy.emailLabel}
        placeholder={authCopy.emailPlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <Field
          label={authCopy.passwordLabel}
          placeholder={authCopy.passwordPlaceholder}
          autoComplete="current-password"
          password
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button
          type="button"
          className={`mt-2 ${linkButtonClass}`}
          onClick={() => onNavigate({ modal: 'forgot-password' })}
        >
          {authCopy.forgotPassword}
        </button>
      </div>
      <FormError>
        {login.isError ? failureText(login.error, ERRORS.LOGIN_FAILED.message) : null}
      </FormError>
      <SubmitButton pending={login.isPending}>{authCopy.signInSubmit}</SubmitButton>
    </form>
  );
}
