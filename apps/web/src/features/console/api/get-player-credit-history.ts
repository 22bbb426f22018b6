import type { ConsolePlayer } from '@questfield/contract';
import { playerListQueryOptions } from './player-list';
import { callApi } from '@/lib/api-client';

/** The player's credit history, newest first, a page at a time. */
export const playerCreditHistoryQueryOptions = (
  playerId: string,
  firstPage: ConsolePlayer['creditHistory'],
) =>
  playerListQueryOptions(playerId, 'credit-history', firstPage, (body, signal) =>
    callApi('consolePlayerCreditHistory', body, { signal }),
  );
