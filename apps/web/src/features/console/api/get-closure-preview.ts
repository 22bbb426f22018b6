import type { ConsoleClosurePreviewRequest } from '@questfield/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Who closing a day, or its game at `time`, would reach (the players booked on the games not
 * started and how many wait in their lines); with `capacity`, whom cutting that game to it would
 * take a seat from (the latest booked over it, latest first). As the server counts them now.
 */
export const closurePreviewQueryOptions = (request: ConsoleClosurePreviewRequest) =>
  queryOptions({
    queryKey: ['console-closure-preview', request],
    queryFn: ({ signal }) => callApi('consoleClosurePreview', request, { signal }),
    // Read afresh each time the dialog opens: seats change while it is closed.
    staleTime: 0,
    gcTime: 0,
  });
