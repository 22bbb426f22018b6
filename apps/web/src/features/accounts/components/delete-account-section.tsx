import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountRequest } from '@questfield/contract';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDeleteAccountMutation } from '../api/delete-account';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmActions } from '@/components/ui/confirm-step';
import { Field, FormError } from '@/components/ui/form';
import { accountsCopy } from '@/features/accounts/copy';
import { ApiError, failureText } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';

/**
 * Account Settings' last section: a button that opens the confirmation in place, which says
 * what goes and what stays and asks for the password. A wrong password is the field's error,
 * with the focus back in it; any other failure is the step's alert. `onDeleted` gets the
 * server's answer once this page is signed out.
 */
export function DeleteAccountSection({
  user,
  onDeleted,
}: {
  user: SessionUser;
  onDeleted: (message: string) => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const form = useForm({
    resolver: zodResolver(deleteAccountRequest),
    defaultValues: { password: '' },
  });
  const remove = useDeleteAccountMutation(onDeleted);
  const wrongPassword =
    remove.error instanceof ApiError && remove.error.code === 'PASSWORD_INCORRECT';
  const passwordError =
    form.formState.errors.password?.message ??
    (wrongPassword ? failureText(remove.error, accountsCopy.deleteFailed) : undefined);

  const open = () => {
    setConfirming(true);
    requestAnimationFrame(() => form.setFocus('password'));
  };
  const back = () => {
    remove.reset();
    form.reset();
    setConfirming(false);
    requestAnimationFrame(() => startRef.current?.focus());
  };

  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-white/10 pt-6">
      <h3 id={headingId} className="text-base font-bold text-white">
        {accountsCopy.deleteHeading}
      </h3>
      {confirming ? (
        <form
          noValidate
          aria-busy={remove.isPending}
          className="mt-3 flex flex-col gap-4 text-sm text-mist-100"
          onSubmit={form.handleSubmit((values) =>
            remove.mutate(values, {
              onError: () => requestAnimationFrame(() => form.setFocus('password')),
            }),
          )}
        >
          <p>{accountsCopy.deleteWhatGoes}</p>
          <ul className="-mt-2 list-disc space-y-1 pl-5">
            {accountsCopy.deleteGoes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="font-semibold text-white">{accountsCopy.deleteCredits(user.credits)}</p>
          <p>{accountsCopy.deleteKept}</p>
          <Field
            label={accountsCopy.passwordLabel}
            hint={accountsCopy.deletePasswordHint}
            autoComplete="current-password"
            password
            error={passwordError}
            {...form.register('password', { onChange: () => wrongPassword && remove.reset() })}
          />
          <FormError>
            {remove.isError && !wrongPassword
              ? failureText(remove.error, accountsCopy.deleteFailed)
              : null}
          </FormError>
          <ConfirmActions
            variant="danger"
            confirmLabel={accountsCopy.deleteConfirm}
            backLabel={accountsCopy.deleteBack}
            pending={remove.isPending}
            onBack={back}
          />
        </form>
      ) : (
        <>
          <p className="mt-1 text-sm text-mist-300">{accountsCopy.deleteIntro}</p>
          <button
            ref={startRef}
            type="button"
            className={buttonStyles({
              variant: 'secondary',
              className: 'mt-4 w-full border-red-400/60 text-red-200 hover:border-red-300',
            })}
            onClick={open}
          >
            {accountsCopy.deleteStart}
          </button>
        </>
      )}
    </section>
  );
}
