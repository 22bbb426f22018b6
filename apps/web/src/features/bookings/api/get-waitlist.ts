import { WAITLIST, type WaitlistEntry, type WaitlistState } from '@questfield/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Waitlist/Mine: the player's places in line and seats offered (ADR 0034), soonest first. */
function getWaitlist(signal?: AbortSignal) {
  return callApi('waitlistMine', {}, { signal });
}

export const WAITLIST_QUERY_KEY = ['waitlist'] as const;

/**
 * The signed-in player's places and offers: asked every WAITLIST.pollMs while a page shows
 * them (the offer banner is on every page), and at once when a seat stream reports a change of
 * a game the player waits on (watch-seats.ts). Nothing for null (a visitor).
 */
export function useWaitlist(userId: string | null) {
  return useQuery({
    queryKey: [...WAITLIST_QUERY_KEY, userId ?? ''],
    queryFn: ({ signal }) => getWaitlist(signal),
    enabled: userId !== null,
    refetchInterval: WAITLIST.pollMs,
  });
}

/** The player's place or offer on the game starting at `eventTime`, if any. */
export function entryOn(
  state: WaitlistState | undefined,
  eventTime: string,
): WaitlistEntry | undefined {
  return state?.entries.find((entry) => entry.EventTime === eventTime);
}

/** An answer with the player's whole waitlist state: it replaces the cached one. */
export function applyWaitlist(client: QueryClient, state: WaitlistState): void {
  client.setQueriesData<WaitlistState>({ queryKey: WAITLIST_QUERY_KEY }, () => state);
}
