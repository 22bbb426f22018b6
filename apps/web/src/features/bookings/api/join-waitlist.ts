import type { WaitlistJoinRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyWaitlist } from './get-waitlist';
import { callApi } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * Waitlist/Join: a place in line on a full game (free; once per game), for one seat or a party's
 * (ADR 0066), with the browser's time zone, so the offer and the line's end are mailed on the
 * player's clock too.
 */
function joinWaitlist(body: Omit<WaitlistJoinRequest, 'timeZone'>) {
  return callApi('waitlistJoin', { ...body, timeZone: browserTimeZone() });
}

/** Joins; the answered places replace the cached ones (the modal shows the place at once). */
export function useJoinWaitlistMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (state) => applyWaitlist(client, state),
  });
}
