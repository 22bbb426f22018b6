import { CONSOLE_TODAY } from '@questfield/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The venue's today at a glance (the console's first screen). */
function getToday(signal: AbortSignal) {
  return callApi('consoleToday', undefined, { signal });
}

/**
 * Asked again every CONSOLE_TODAY.refreshMs while shown: a glance needs no live stream, and
 * the next game's countdown ticks in the browser between answers.
 */
export const todayQueryOptions = () =>
  queryOptions({
    queryKey: ['console-today'],
    queryFn: ({ signal }) => getToday(signal),
    staleTime: 0,
    refetchInterval: CONSOLE_TODAY.refreshMs,
  });
