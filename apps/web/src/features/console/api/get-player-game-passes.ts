import type { ConsolePlayer } from '@questfield/contract';
import { playerListQueryOptions } from './player-list';
import { callApi } from '@/lib/api-client';

/** The Game Passes the player bought or redeemed, newest first, a page at a time. */
export const playerGamePassesQueryOptions = (
  playerId: string,
  firstPage: ConsolePlayer['gamePasses'],
) =>
  playerListQueryOptions(playerId, 'game-passes', firstPage, (body, signal) =>
    callApi('consolePlayerGamePasses', body, { signal }),
  );
