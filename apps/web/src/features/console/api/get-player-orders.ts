import type { ConsolePlayer } from '@questfield/contract';
import { playerListQueryOptions } from './player-list';
import { callApi } from '@/lib/api-client';

/** The player's orders, newest first, a page at a time. */
export const playerOrdersQueryOptions = (playerId: string, firstPage: ConsolePlayer['orders']) =>
  playerListQueryOptions(playerId, 'orders', firstPage, (body, signal) =>
    callApi('consolePlayerOrders', body, { signal }),
  );
