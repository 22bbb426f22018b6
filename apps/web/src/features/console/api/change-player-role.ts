import type { ConsolePlayerRoleRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKey } from './get-player';
import { callApi } from '@/lib/api-client';

/** Gives the player a role (admins; audited; a change signs the account out everywhere). */
function changePlayerRole(body: ConsolePlayerRoleRequest) {
  return callApi('consolePlayerRole', body);
}

export function useChangePlayerRole(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlayerRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerKey(playerId) }),
        // The search lists roles too.
        queryClient.invalidateQueries({ queryKey: ['console-player-search'] }),
      ]),
  });
}
