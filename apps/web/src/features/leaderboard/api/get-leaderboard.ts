import type { LeaderboardPeriod } from '@questfield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { LEADERBOARD_QUERY_KEY } from '@/lib/query-keys';

/** Games/Leaderboard: the top 10 of each board over a period (empty until results are in). */
const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...LEADERBOARD_QUERY_KEY, period],
    queryFn: ({ signal }) => callApi('gamesLeaderboard', { period }, { signal }),
    staleTime: 30_000,
  });

/** No placeholder from the last period while another loads: its rows would pass for this one's. */
export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery(leaderboardQueryOptions(period));
}
