import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { CREDIT_HISTORY_QUERY_KEY } from '@/lib/query-keys';

/** Users/CreditHistory: the session user's postings, newest first, a page at a time. */
function getCreditHistory(cursor: string | undefined, signal?: AbortSignal) {
  return callApi('usersCreditHistory', cursor === undefined ? {} : { cursor }, { signal });
}

/** Keyed by the user, so another account never sees a cached page of the previous one. */
export const creditHistoryQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...CREDIT_HISTORY_QUERY_KEY, userId],
    queryFn: ({ pageParam, signal }) => getCreditHistory(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
