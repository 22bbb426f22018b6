import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Deletes the player's account (admins; audited); the seats given up, the credits forfeited. */
function deletePlayer(playerId: string) {
  return callApi('consolePlayerDelete', { playerId });
}

/**
 * The page of the deleted player is left alone (reading it again would only say it is gone):
 * the caller leaves it for the search, which no longer finds the account.
 */
export function useDeletePlayer(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePlayer(playerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console-player-search'] }),
  });
}
