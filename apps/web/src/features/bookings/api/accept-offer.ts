import type { WaitlistSlotRequest, WaitlistState } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVAILABLE_TIMES_QUERY_KEY } from './get-available-times';
import { WAITLIST_QUERY_KEY } from './get-waitlist';
import { callApi } from '@/lib/api-client';
import { applyBalance } from '@/lib/balance';
import { PARTIES_QUERY_KEY, USER_EVENTS_QUERY_KEY } from '@/lib/query-keys';

/**
 * Waitlist/Accept: books the seat held for the player (2 credits), or a party's seats (2 credits
 * each; the answer carries the party with its invites, ADR 0066).
 */
function acceptOffer(body: WaitlistSlotRequest) {
  return callApi('waitlistAccept', body);
}

/**
 * Accepts; the header's Credits take the answered balance, the offer leaves the cached places
 * at once, and the player's games (My Sessions, the countdown), the places and the slots' seats
 * are asked again. A refusal (too few credits, the hold ended) asks for the places again.
 */
export function useAcceptOfferMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSuccess: (answer) => {
      applyBalance(client, answer.credits);
      client.setQueriesData<WaitlistState>({ queryKey: WAITLIST_QUERY_KEY }, (state) =>
        state
          ? {
              ...state,
              entries: state.entries.filter((entry) => entry.EventTime !== answer.EventTime),
            }
          : state,
      );
      for (const queryKey of [
        USER_EVENTS_QUERY_KEY,
        PARTIES_QUERY_KEY,
        WAITLIST_QUERY_KEY,
        AVAILABLE_TIMES_QUERY_KEY,
      ]) {
        void client.invalidateQueries({ queryKey });
      }
    },
    onError: () => void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
  });
}
