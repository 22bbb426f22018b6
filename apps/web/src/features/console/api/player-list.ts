import { infiniteQueryOptions } from '@tanstack/react-query';
import { playerKey } from './get-player';

/** What a page of each of the player's lists carries: its rows and the next page's cursor. */
type ListPage = { entries: unknown[]; nextCursor: string | null };

/** The body asking for a page of the player's list after `cursor` (none: the first page). */
export type ListBody = { playerId: string; cursor?: string };

/**
 * One of the player page's lists a page at a time, starting from the page the player's page
 * brought, so showing it costs no second request; `getPage` asks its route for a later page.
 */
export const playerListQueryOptions = <Page extends ListPage>(
  playerId: string,
  list: string,
  firstPage: Page,
  getPage: (body: ListBody, signal: AbortSignal) => Promise<Page>,
) =>
  infiniteQueryOptions({
    queryKey: [...playerKey(playerId), list],
    queryFn: ({ pageParam, signal }) =>
      getPage(pageParam === undefined ? { playerId } : { playerId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    initialData: { pages: [firstPage], pageParams: [undefined] },
    // As fresh as the page it came with; an action on the player refreshes both (playerKey).
    staleTime: Infinity,
  });
