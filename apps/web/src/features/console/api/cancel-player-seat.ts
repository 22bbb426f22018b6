import type { ConsolePlayerSeatRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKey } from './get-player';
import { callApi } from '@/lib/api-client';

/** Gives the player's seat back with the credits it took (audited; never once it started). */
function cancelPlayerSeat(body: ConsolePlayerSeatRequest) {
  return callApi('consolePlayerSeatCancel', body);
}

export function useCancelPlayerSeat(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlayerSeat,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerKey(playerId) }),
        queryClient.invalidateQueries({ queryKey: ['console-day-slots'] }),
      ]),
  });
}
