import type { LeaderboardPeriod } from '@questfield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { LEADERBOARD_QUERY_KEY } from '@/lib/query-keys';

/** Games/Leaderboard: the top 10 of each board over a period (empty until results are in). */
export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...LEADERBOARD_QUERY_KEY, period],
    queryFn: ({ signal }) => callApi('gamesLeaderboard', { period }, { signal }),
    staleTime: 30_000,
  });

export function useLeaderboard(period: LeaderboardPeriod) {
  // The last period's boards stay up while another period's load.
  return useQuery({ ...leaderboardQueryOptions(period), placeholderData: keepPreviousData });
}
