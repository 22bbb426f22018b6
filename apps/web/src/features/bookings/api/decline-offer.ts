import type { WaitlistSlotRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyWaitlist, WAITLIST_QUERY_KEY } from './get-waitlist';
import { callApi } from '@/lib/api-client';

/** Waitlist/Decline: the seat held for the player goes to the next in line. */
function declineOffer(body: WaitlistSlotRequest) {
  return callApi('waitlistDecline', body);
}

/** Declines; the answered places replace the cached ones (a refusal asks for them again). */
export function useDeclineOfferMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSuccess: (state) => applyWaitlist(client, state),
    onError: () => void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
  });
}
