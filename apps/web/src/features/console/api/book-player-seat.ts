import type { ConsolePlayerSeatRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKey } from './get-player';
import { callApi } from '@/lib/api-client';

/** Books a seat for the player, paid from their balance as their own booking is (audited). */
function bookPlayerSeat(body: ConsolePlayerSeatRequest) {
  return callApi('consolePlayerSeatBook', body);
}

export function useBookPlayerSeat(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookPlayerSeat,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerKey(playerId) }),
        queryClient.invalidateQueries({ queryKey: ['console-day-slots'] }),
      ]),
  });
}
