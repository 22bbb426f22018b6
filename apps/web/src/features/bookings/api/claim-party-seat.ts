import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { applySeat } from '@/lib/balance';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * Parties/Claim: takes the invite's seat for the signed-in player, free (ADR 0065), with the
 * browser's time zone for the confirmation mail.
 */
function claimPartySeat(invite: string) {
  return callApi('partiesClaim', { invite, timeZone: browserTimeZone() });
}

/**
 * Claims; the answer is a booking's, applied as one (game data for /game, the balance, the
 * player's games and parties asked again). A refusal says in its message what the invite became.
 */
export function useClaimPartySeatMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimPartySeat,
    onSuccess: (answer) => applySeat(client, answer),
  });
}
