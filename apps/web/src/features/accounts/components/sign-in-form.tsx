import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, loginRequest } from '@questfield/contract';
import { useState } from 'react';
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
import { ApiError, failureText } from '@/lib/api-client';
import { accountsCopy } from '@/features/accounts/copy';

/** Sign-ins of this account (or from this address) are paused after failed attempts. */
const isPaused = (error: unknown) => error instanceof ApiError && error.code === 'LOGIN_THROTTLED';

/**
 * The spec's sign-in: one field for an email or a username (labelled as the spec says, the
 * placeholder says both), the password, and the way to recovery. After a password reset it
 * opens with the confirmation and the email filled in; the confirmation goes once the player
 * tries again, so it never stands beside a new failure. When sign-ins are paused (someone
 * else's failed guesses), the server's answer says for how long, and a recovery code sent to
 * the mailbox is offered as the way in.
 */
export function SignInForm({
  notice,
  email = '',
  onNavigate,
  onDone,
}: {
  notice?: string | undefined;
  email?: string | undefined;
  onNavigate: (view: AuthView) => void;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { email, password: '' },
  });
  const login = useLoginMutation(onDone);
  const [noticeShown, setNoticeShown] = useState(true);
  const { errors } = form.formState;

  const forgotPassword = () => {
    const typed = form.getValues('email').trim();
    onNavigate({ modal: 'forgot-password', ...(typed.includes('@') ? { email: typed } : {}) });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        setNoticeShown(false);
        void form.handleSubmit((values) => login.mutate(values))(event);
      }}
    >
      <FormNotice>{noticeShown ? notice : null}</FormNotice>
      <SwitchPrompt
        question={accountsCopy.newUser}
        action={accountsCopy.createAccount}
        onClick={() => onNavigate({ modal: 'sign-up' })}
      />
      <Field
        label={accountsCopy.emailLabel}
        placeholder={accountsCopy.signInIdentifierPlaceholder}
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
          data-autofocus={email ? true : undefined}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button type="button" className={`mt-2 ${linkButtonClass}`} onClick={forgotPassword}>
          {accountsCopy.forgotPassword}
        </button>
      </div>
      <FormError>
        {login.isError ? failureText(login.error, ERRORS.LOGIN_FAILED.message) : null}
      </FormError>
      {isPaused(login.error) ? (
        <button type="button" className={linkButtonClass} onClick={forgotPassword}>
          {accountsCopy.emailSignInCode}
        </button>
      ) : null}
      <SubmitButton pending={login.isPending}>{accountsCopy.signInSubmit}</SubmitButton>
    </form>
  );
}
