import type { ReminderEmailsRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { useSessionActions } from '../hooks/use-session';
import { firstUser } from './first-user';
import { callApi } from '@/lib/api-client';

/** Users/ReminderEmails: game reminder mails on or off for the session player. */
async function setReminderEmails(body: ReminderEmailsRequest) {
  return firstUser(await callApi('usersReminderEmails', body));
}

/** Saves, and the answer becomes the session user everywhere. */
export function useReminderEmailsMutation() {
  const { updated } = useSessionActions();
  return useMutation({ mutationFn: setReminderEmails, onSuccess: updated });
}
