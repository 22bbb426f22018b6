import type { LeaderboardPeriod } from '@questfield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { LEADERBOARD_QUERY_KEY } from '@/lib/query-keys';

/** Games/MyBests: the signed-in player's best and rank on each board over a period. */
const myBestsQueryOptions = (userId: string, period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...LEADERBOARD_QUERY_KEY, 'mine', userId, period],
    queryFn: ({ signal }) => callApi('gamesMyBests', { period }, { signal }),
    staleTime: 30_000,
  });

/** None for a visitor (null); like the boards, never the last period's bests as this one's. */
export function useMyBests(userId: string | null, period: LeaderboardPeriod) {
  return useQuery({ ...myBestsQueryOptions(userId ?? '', period), enabled: userId !== null });
}
