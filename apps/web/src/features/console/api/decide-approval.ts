import type { ConsoleApprovalDecideRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPROVALS_KEY } from './get-approvals';
import { codeBatchesKey } from './get-code-batches';
import { callApi } from '@/lib/api-client';

/**
 * Approves (the grant or batch is made), refuses or withdraws a request (asked again, like a
 * grant; audited): the request after, and what an approval did.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleApprovalDecideRequest) => callApi('consoleApprovalDecide', body),
    // Whatever the answer, the list is read again: another admin may have decided first. Not
    // awaited: the screen hears of the decision first, then sees the request leave the list.
    onSettled: () => {
      for (const queryKey of [
        APPROVALS_KEY,
        ['console-player'],
        ['console-player-search'],
        codeBatchesKey,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
