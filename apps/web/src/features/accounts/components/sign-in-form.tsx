import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, loginRequest } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { useLoginMutation } from '../api/login';
import type { AuthView } from '../hooks/use-auth-modals';
import {
  Field,
  FormError,
  FormNotice,
  linkButtonClass,
  SubmitButton,
  SwitchPrompt,
} from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { accountsCopy } from '@/features/accounts/copy';

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
  const login = useLoginMutation(onDone);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
    >
      <FormNotice>{notice}</FormNotice>
      <SwitchPrompt
        question={accountsCopy.newUser}
        action={accountsCopy.createAccount}
        onClick={() => onNavigate({ modal: 'sign-up' })}
      />
      <Field
        label={accountsCopy.emailLabel}
        placeholder={accountsCopy.emailPlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <Field
          label={accountsCopy.passwordLabel}
          placeholder={accountsCopy.passwordPlaceholder}
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
          {accountsCopy.forgotPassword}
        </button>
      </div>
      <FormError>
        {login.isError ? failureText(login.error, ERRORS.LOGIN_FAILED.message) : null}
      </FormError>
      <SubmitButton pending={login.isPending}>{accountsCopy.signInSubmit}</SubmitButton>
    </form>
  );
}
