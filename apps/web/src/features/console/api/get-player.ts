import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Every read of one player's page: refreshed together after an action on the player. */
export const playerKey = (playerId: string) => ['console-player', playerId] as const;

/** A player's page: profile, balance and the first page of each list. */
function getPlayer(playerId: string, signal?: AbortSignal) {
  return callApi('consolePlayer', { playerId }, { signal });
}

export const playerQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: playerKey(playerId),
    queryFn: ({ signal }) => getPlayer(playerId, signal),
    staleTime: 0,
  });
