import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Who closing a day, or its game at `time`, would reach: the players booked on the games not
 * started and how many wait in their lines, as the server counts them now.
 */
export const closurePreviewQueryOptions = (day: string, time?: string) =>
  queryOptions({
    queryKey: ['console-closure-preview', day, time ?? null],
    queryFn: ({ signal }) =>
      callApi('consoleClosurePreview', time === undefined ? { day } : { day, time }, { signal }),
    // Read afresh each time the dialog opens: seats change while it is closed.
    staleTime: 0,
    gcTime: 0,
  });
