import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A game's roster, by its venue day and start ('HH:MM'); showing its access code is audited. */
export const rosterQueryOptions = (day: string, time: string) =>
  queryOptions({
    queryKey: ['console-roster', day, time],
    queryFn: ({ signal }) => callApi('consoleRoster', { day, time }, { signal }),
    staleTime: 0,
  });
