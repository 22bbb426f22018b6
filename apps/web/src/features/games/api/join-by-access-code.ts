import type { JoinByAccessCodeRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySeat } from '@/lib/balance';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * Items/JoinByAccessCode: a seat in the live game (2 credits), with the browser's time zone for
 * the confirmation mail; answers its game data.
 */
function joinByAccessCode(body: JoinByAccessCodeRequest) {
  return callApi('itemsJoinByAccessCode', { ...body, timeZone: browserTimeZone() });
}

/**
 * Joins; the game data is stored for the game frame, the header's Credits take the answered
 * balance, and the player's games are asked again (the countdown, /game, the dashboard).
 */
export function useJoinByAccessCodeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinByAccessCode,
    onSuccess: (answer) => applySeat(client, answer),
  });
}
