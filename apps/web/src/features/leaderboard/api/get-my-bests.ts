import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Games/MyBests: the signed-in player's best and rank on each board. */
export const myBestsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['leaderboard', 'mine', userId],
    queryFn: ({ signal }) => callApi('gamesMyBests', {}, { signal }),
    staleTime: 30_000,
  });

/** None for a visitor (null). */
export function useMyBests(userId: string | null) {
  return useQuery({ ...myBestsQueryOptions(userId ?? ''), enabled: userId !== null });
}
