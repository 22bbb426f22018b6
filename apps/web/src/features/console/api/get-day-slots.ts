import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A venue day's open games with their seats left (the players' list): to book for a player. */
export const daySlotsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['console-day-slots', date],
    queryFn: ({ signal }) => callApi('eventsAvailableTimes', { date }, { signal }),
    staleTime: 5_000,
  });
