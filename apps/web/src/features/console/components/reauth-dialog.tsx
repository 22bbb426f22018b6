import { zodResolver } from '@hookform/resolvers/zod';
import { reauthRequest } from '@questfield/contract';
import { useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { useReauth } from '../api/reauth';
import { commonCopy } from '../copy/common';
import { DialogShell } from '@/components/ui/dialog';
import { Field, FormError, SubmitButton } from '@/components/ui/form';
import { failureText, isRefusal } from '@/lib/api-client';

/**
 * The way of a money action (or an admin's role change or deletion) through REAUTH_REQUIRED
 * (the console's last password-and-code check is over 15 minutes old). `send(mutate)` sends
 * the action, `mutate` calling its mutation with the `onError` it is given: when the action
 * fails with that refusal, the dialog asks for the password and a current code and, once they
 * pass, sends it again (once: a second refusal is the action's own error to show). The focus goes into the dialog and afterwards to `returnFocus`, the action's
 * button. `description` says why it asks. Render `dialog` with the action.
 */
export function useReauthRetry(
  returnFocus: RefObject<HTMLElement | null>,
  description: string = commonCopy.reauthText,
) {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  /** Opens the dialog when `error` is that refusal; any other failure is the action's. */
  const offer = (error: unknown, again: () => void): void => {
    if (isRefusal(error, 'REAUTH_REQUIRED')) setRetry(() => again);
  };
  return {
    /** Sends the action; the first try hands the dialog a retry, the retry hands it none. */
    send(mutate: (onError: (error: unknown) => void) => void): void {
      const attempt = (again?: () => void) =>
        mutate((error) => {
          if (again) offer(error, again);
        });
      attempt(() => attempt());
    },
    /** The dialog is open: the action shows nothing of its refusal meanwhile. */
    asking: retry !== null,
    dialog: (
      <ReauthDialog
        open={retry !== null}
        description={description}
        returnFocus={returnFocus}
        onClose={() => setRetry(null)}
        onConfirmed={() => {
          setRetry(null);
          retry?.();
        }}
      />
    ),
  };
}

/** The password and a current code again, in a dialog (consoleReauth). */
function ReauthDialog({
  open,
  description,
  returnFocus,
  onClose,
  onConfirmed,
}: {
  open: boolean;
  description: string;
  returnFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const reauth = useReauth();
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        reauth.reset();
        onClose();
      }}
      title={commonCopy.reauthTitle}
      description={description}
      closeLabel={commonCopy.closeDialog}
      busy={reauth.isPending}
      onClosed={() => returnFocus.current?.focus()}
      width="sm"
    >
      <ReauthForm
        reauth={reauth}
        onConfirmed={() => {
          reauth.reset();
          onConfirmed();
        }}
      />
    </DialogShell>
  );
}

function ReauthForm({
  reauth,
  onConfirmed,
}: {
  reauth: ReturnType<typeof useReauth>;
  onConfirmed: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(reauthRequest),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const wrongPassword = isRefusal(reauth.error, 'PASSWORD_INCORRECT');
  const wrongCode = isRefusal(reauth.error, 'TWO_FACTOR_CODE_INVALID');
  const serverText = failureText(reauth.error, commonCopy.reauthFailed);
  const submit = form.handleSubmit((values) =>
    reauth.mutate(values, {
      onSuccess: onConfirmed,
      onError: (error) => {
        if (isRefusal(error, 'PASSWORD_INCORRECT')) form.setFocus('password');
        else form.setFocus('code');
      },
    }),
  );

  return (
    <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <Field
        label={commonCopy.passwordLabel}
        password
        autoComplete="current-password"
        error={errors.password?.message ?? (wrongPassword ? serverText : undefined)}
        {...form.register('password')}
      />
      <Field
        label={commonCopy.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message ?? (wrongCode ? serverText : undefined)}
        {...form.register('code')}
      />
      <FormError>{reauth.isError && !wrongPassword && !wrongCode ? serverText : null}</FormError>
      <SubmitButton pending={reauth.isPending}>{commonCopy.reauthSubmit}</SubmitButton>
    </form>
  );
}
