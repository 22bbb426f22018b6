import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Events/DayStatus: whether a venue day ('YYYY-MM-DD') is closed, with the operator's reason. */
function getDayStatus(date: string, signal?: AbortSignal) {
  return callApi('eventsDayStatus', undefined, { signal, query: { date } });
}

/**
 * Why `date` is closed (the operator's reason, plain text), or null when it is not; asked only
 * when `enabled` (the day lists no slot), so an open day costs no extra request.
 */
export function useDayStatus(date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['day-status', date],
    queryFn: ({ signal }) => getDayStatus(date, signal),
    enabled,
    // Days are blocked ahead of time: a minute old is fresh enough.
    staleTime: 60_000,
  });
}
