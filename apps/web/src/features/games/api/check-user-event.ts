import { ERRORS, EVENT_LOOKBACK_HOURS } from '@questfield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { USER_EVENTS_QUERY_KEY } from '@/lib/query-keys';

/**
 * Events/CheckUserEventWithinTimespan (spec §4): the player's games that started within the
 * last 24 hours and have not ended, earliest first. A failure is logged with the spec's text;
 * the countdown is then off.
 */
async function checkUserEvents(signal?: AbortSignal) {
  try {
    return await callApi('eventsCheckUserEvent', { hours: EVENT_LOOKBACK_HOURS }, { signal });
  } catch (error) {
    if (!signal?.aborted) console.warn(ERRORS.EVENT_CHECK_FAILED.message);
    throw error;
  }
}

/** Keyed by the player; a booking or a join invalidates every `['user-events', …]` query. */
const userEventsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...USER_EVENTS_QUERY_KEY, userId],
    queryFn: ({ signal }) => checkUserEvents(signal),
  });

/** The signed-in player's games (the header's countdown, /game, the dashboard); none for null. */
export function useUserEvents(userId: string | null) {
  return useQuery({ ...userEventsQueryOptions(userId ?? ''), enabled: userId !== null });
}
