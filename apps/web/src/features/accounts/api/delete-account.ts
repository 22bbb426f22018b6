import type { DeleteAccountRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSessionActions, whileEndingSession } from '../hooks/use-session';
import { callApi } from '@/lib/api-client';

/** Users/Delete: the session's own account, confirmed with its password. */
function deleteAccount(body: DeleteAccountRequest) {
  return callApi('usersDelete', body);
}

/** Deletes, then signs this page out exactly as Log Out does; `onDeleted` gets the answer. */
export function useDeleteAccountMutation(onDeleted: (message: string) => void) {
  const client = useQueryClient();
  const { signedOut } = useSessionActions();
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      whileEndingSession(client, () => deleteAccount(body)),
    onSuccess: (answer) => {
      signedOut();
      onDeleted(answer.message);
    },
  });
}
