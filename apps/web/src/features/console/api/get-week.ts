import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The venue's week and the blocked days ahead. */
function getWeek(signal?: AbortSignal) {
  return callApi('consoleWeek', undefined, { signal });
}

export const weekQueryOptions = () =>
  queryOptions({
    queryKey: ['console-week'],
    queryFn: ({ signal }) => getWeek(signal),
    staleTime: 0,
  });
