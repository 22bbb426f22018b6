import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A venue week's report, by its Monday (`undefined`: the venue's current week). */
function getReport(week: string | undefined, signal: AbortSignal) {
  return callApi('consoleReport', week === undefined ? {} : { week }, { signal });
}

export const reportQueryOptions = (week: string | undefined) =>
  queryOptions({
    queryKey: ['console-report', week ?? 'current'],
    queryFn: ({ signal }) => getReport(week, signal),
    staleTime: 0,
  });
