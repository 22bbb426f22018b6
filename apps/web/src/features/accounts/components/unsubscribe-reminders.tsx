import { UNSUBSCRIBE_TOKEN_PARAM } from '@questfield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useUnsubscribeRemindersMutation } from '../api/unsubscribe-reminders';
import { FormError, FormNotice, SubmitButton } from '@/components/ui/form';
import { accountsCopy } from '@/features/accounts/copy';
import { useHydrated } from '@/hooks/use-browser-value';
import { failureText } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

/**
 * The page a reminder mail's unsubscribe link opens (ADR 0033): one button that posts what a
 * mail provider's one-click unsubscribe posts, with the link's token. Opening the page changes
 * nothing (link scanners open links); the prerendered page shows the button until the browser
 * has read the token from the URL. No sign-in is needed: the token names the player.
 */
export function UnsubscribeReminders() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const token = params.get(UNSUBSCRIBE_TOKEN_PARAM);
  const client = useQueryClient();
  const unsubscribe = useUnsubscribeRemindersMutation();

  if (hydrated && !token) {
    return <FormError>{accountsCopy.unsubscribeNoToken}</FormError>;
  }
  if (unsubscribe.isSuccess) return <FormNotice>{unsubscribe.data.message}</FormNotice>;
  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!token) return;
        unsubscribe.mutate(token, {
          // A player signed in here sees the setting as it now is in Account Settings.
          onSuccess: () => void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        });
      }}
    >
      <p className="text-lg text-mist-100">{accountsCopy.unsubscribeText}</p>
      <FormError>
        {unsubscribe.isError
          ? failureText(unsubscribe.error, accountsCopy.unsubscribeFailed)
          : null}
      </FormError>
      <SubmitButton pending={unsubscribe.isPending} disabled={!hydrated}>
        {accountsCopy.unsubscribeButton}
      </SubmitButton>
    </form>
  );
}
