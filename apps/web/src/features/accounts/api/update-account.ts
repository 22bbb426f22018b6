import type { UpdateUserRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { useSessionActions } from '../hooks/use-session';
import { firstUser } from './first-user';
import { callApi } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';

/** Users/Update: the session user's own profile fields. */
async function updateAccount(body: UpdateUserRequest) {
  return firstUser(await callApi('usersUpdate', body));
}

/** Saves, and the answer becomes the session user everywhere. */
export function useUpdateAccountMutation(onSaved: (user: SessionUser) => void) {
  const { updated } = useSessionActions();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => {
      updated(user);
      onSaved(user);
    },
  });
}
