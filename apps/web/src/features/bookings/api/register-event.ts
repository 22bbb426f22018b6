import type { RegisterEventRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVAILABLE_TIMES_QUERY_KEY } from './get-available-times';
import { callApi } from '@/lib/api-client';
import { applySeat } from '@/lib/balance';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * Events/RegisterPixelEvent: books a seat on the slot starting at `EventTime`, with the
 * browser's time zone for the confirmation mail.
 */
function registerEvent(body: RegisterEventRequest) {
  return callApi('eventsRegister', { ...body, timeZone: browserTimeZone() });
}

/**
 * Books; the answer's game data is stored for /game, the header's Credits take the new balance
 * and the player's games (the header countdown) and the slots' seats are asked again. A refusal
 * asks the slots again too (the slot may have filled or closed meanwhile).
 */
export function useRegisterEventMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerEvent,
    onSuccess: (answer) => {
      applySeat(client, answer);
      void client.invalidateQueries({ queryKey: AVAILABLE_TIMES_QUERY_KEY });
    },
    onError: () => {
      void client.invalidateQueries({ queryKey: AVAILABLE_TIMES_QUERY_KEY });
    },
  });
}
