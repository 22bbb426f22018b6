import type { ConsolePlayer } from '@questfield/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { playerKey } from './get-player';
import { callApi } from '@/lib/api-client';

/** A page of the player's credit history (`cursor`: the page before's). */
function getPlayerCreditHistory(
  playerId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const body = cursor === undefined ? { playerId } : { playerId, cursor };
  return callApi('consolePlayerCreditHistory', body, { signal });
}

/**
 * The credit history a page at a time, starting from the page the player's page brought, so
 * showing it costs no second request.
 */
export const playerCreditHistoryQueryOptions = (
  playerId: string,
  firstPage: ConsolePlayer['creditHistory'],
) =>
  infiniteQueryOptions({
    queryKey: [...playerKey(playerId), 'credit-history'],
    queryFn: ({ pageParam, signal }) => getPlayerCreditHistory(playerId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    initialData: { pages: [firstPage], pageParams: [undefined] },
    // As fresh as the page it came with; an action on the player refreshes both (playerKey).
    staleTime: Infinity,
  });
