import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Games/Leaderboard: the top 10 of each board (empty boards until results are in). */
export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: ['leaderboard'],
    queryFn: ({ signal }) => callApi('gamesLeaderboard', {}, { signal }),
    staleTime: 30_000,
  });

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
