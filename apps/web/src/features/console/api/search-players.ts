import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Accounts whose email or username starts with `query`, by username, a page at a time. */
function searchPlayers(query: string, after: string | undefined, signal?: AbortSignal) {
  return callApi('consolePlayerSearch', after === undefined ? { query } : { query, after }, {
    signal,
  });
}

export const playerSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: ['console-player-search', query],
    queryFn: ({ pageParam, signal }) => searchPlayers(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: query !== '',
    staleTime: 0,
  });
