import type { ConsolePlayer } from '@questfield/contract';
import { playerListQueryOptions } from './player-list';
import { callApi } from '@/lib/api-client';

/** The player's game results, newest first, a page at a time. */
export const playerResultsQueryOptions = (
  playerId: string,
  firstPage: ConsolePlayer['leaderboard']['results'],
) =>
  playerListQueryOptions(playerId, 'results', firstPage, (body, signal) =>
    callApi('consolePlayerResults', body, { signal }),
  );
