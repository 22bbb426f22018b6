import type { ConsolePlayerCreditsRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKey } from './get-player';
import { callApi } from '@/lib/api-client';

/** Grants or deducts credits with a reason (audited); the balance after. */
function changePlayerCredits(body: ConsolePlayerCreditsRequest) {
  return callApi('consolePlayerCredits', body);
}

export function useChangePlayerCredits(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlayerCredits,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerKey(playerId) }),
        // The search lists balances too.
        queryClient.invalidateQueries({ queryKey: ['console-player-search'] }),
      ]),
  });
}
