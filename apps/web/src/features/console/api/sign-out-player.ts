import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKey } from './get-player';
import { callApi } from '@/lib/api-client';

/** Ends every sign-in session of the player (audited); how many ended. */
function signOutPlayer(playerId: string) {
  return callApi('consolePlayerSignOut', { playerId });
}

export function useSignOutPlayer(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOutPlayer(playerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKey(playerId) }),
  });
}
