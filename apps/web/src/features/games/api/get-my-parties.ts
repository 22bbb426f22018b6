import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { PARTIES_QUERY_KEY } from '@/lib/query-keys';

/** Parties/Mine: the parties the player leads or is a guest of, on games not ended yet. */
function getMyParties(signal?: AbortSignal) {
  return callApi('partiesMine', {}, { signal });
}

/**
 * Keyed by the player; a seat taken or given back invalidates every `['parties', …]` query.
 * A guest claims a seat from another browser: the leader's list is asked again whenever the
 * tab comes back into view.
 */
const myPartiesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...PARTIES_QUERY_KEY, userId],
    queryFn: ({ signal }) => getMyParties(signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useMyParties(userId: string) {
  return useQuery(myPartiesQueryOptions(userId));
}
