import { UNSUBSCRIBE_TOKEN_PARAM } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Users/UnsubscribeReminders: what a mail provider posts for the reminder mail's one-click
 * unsubscribe (RFC 8058), sent by the unsubscribe page's button; the token is the link's.
 */
function unsubscribeReminders(token: string) {
  return callApi(
    'usersUnsubscribeReminders',
    { 'List-Unsubscribe': 'One-Click' },
    { query: { [UNSUBSCRIBE_TOKEN_PARAM]: token } },
  );
}

/** Turns reminders off for the link's player; the answer's message is what to show. */
export function useUnsubscribeRemindersMutation() {
  return useMutation({ mutationFn: unsubscribeReminders });
}
