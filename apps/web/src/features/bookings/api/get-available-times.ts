import type { AvailableTimesRequest } from '@questfield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Events/GetAvailableEventTimes: the future open slots of a venue day, earliest first. */
function getAvailableTimes(body: AvailableTimesRequest, signal?: AbortSignal) {
  return callApi('eventsAvailableTimes', body, { signal });
}

export const AVAILABLE_TIMES_QUERY_KEY = ['available-times'] as const;

const availableTimesQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...AVAILABLE_TIMES_QUERY_KEY, date],
    queryFn: ({ signal }) => getAvailableTimes({ date }, signal),
    // Seats go as others book: a day is asked again when it is shown again after a while.
    staleTime: 15_000,
  });

/**
 * The slots of `date` ('YYYY-MM-DD'); null asks nothing (no valid date, multiplayer off).
 * `refetchInterval`: asked again this often (when no live stream keeps them current).
 */
export function useAvailableTimes(date: string | null, refetchInterval: number | false = false) {
  return useQuery({
    ...availableTimesQueryOptions(date ?? ''),
    enabled: date !== null,
    refetchInterval,
  });
}
