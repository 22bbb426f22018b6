import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Seven venue days of bookings from `from` (`undefined`: from the venue's today). */
export const bookingsWeekQueryOptions = (from: string | undefined) =>
  queryOptions({
    queryKey: ['console-bookings-week', from ?? 'today'],
    queryFn: ({ signal }) =>
      callApi('consoleBookingsWeek', from === undefined ? {} : { from }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
