import type { WaitlistSlotRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyWaitlist } from './get-waitlist';
import { callApi } from '@/lib/api-client';

/** Waitlist/Leave: gives up a place in line (an offer held is declined with it). */
function leaveWaitlist(body: WaitlistSlotRequest) {
  return callApi('waitlistLeave', body);
}

/** Leaves; the answered places replace the cached ones. */
export function useLeaveWaitlistMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: (state) => applyWaitlist(client, state),
  });
}
