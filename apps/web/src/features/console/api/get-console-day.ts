import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/lib/api-client';

/** After a failed held request, the wait before the next (the server restarting, a lost network). */
const RETRY_AFTER_MS = 5_000;

/** A venue day for the console (`undefined`: the venue's today). */
function getConsoleDay(day: string | undefined, after: string | undefined, signal: AbortSignal) {
  const body = { ...(day === undefined ? {} : { day }), ...(after === undefined ? {} : { after }) };
  return callApi('consoleDay', body, { signal });
}

const consoleDayQueryOptions = (day: string | undefined) =>
  queryOptions({
    queryKey: ['console-day', day ?? 'today'],
    queryFn: ({ signal }) => getConsoleDay(day, undefined, signal),
    staleTime: 0,
  });

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The venue day, kept live while shown: once it has loaded, one request at a time is held by
 * the server until the day changes (any booking, in any process) and its answer replaces the
 * cached day, so seat counts move within a moment without polling.
 */
export function useLiveConsoleDay(day: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery(consoleDayQueryOptions(day));
  const loaded = query.isSuccess;

  useEffect(() => {
    if (!loaded) return;
    const { queryKey } = consoleDayQueryOptions(day);
    const stop = new AbortController();
    const { signal } = stop;
    void (async () => {
      while (!signal.aborted) {
        const shown = queryClient.getQueryData(queryKey);
        try {
          const next = await getConsoleDay(day, shown?.version, signal);
          queryClient.setQueryData(queryKey, next);
        } catch {
          await pause(RETRY_AFTER_MS, signal);
        }
      }
    })();
    return () => stop.abort();
  }, [loaded, queryClient, day]);

  return query;
}
