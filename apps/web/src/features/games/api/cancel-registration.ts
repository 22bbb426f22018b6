import type { CancelRegistrationRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySeatGivenBack } from '@/lib/balance';

/** Events/CancelRegistration: a seat given back before its game, with its credits (ADR 0029). */
function cancelRegistration(body: CancelRegistrationRequest) {
  return callApi('eventsCancel', body);
}

/**
 * Gives a seat back; the header's Credits take the answered balance and the player's games (the
 * countdown, /game, the dashboard) drop the seat at once and are asked again. A refusal (the
 * cut-off passed meanwhile, the game started) asks for the games again too.
 */
export function useCancelRegistrationMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSuccess: (answer) => applySeatGivenBack(client, answer),
    onError: () => applySeatGivenBack(client, null),
  });
}
