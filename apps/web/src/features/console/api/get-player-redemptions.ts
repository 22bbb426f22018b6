import type { ConsolePlayer } from '@questfield/contract';
import { playerListQueryOptions } from './player-list';
import { callApi } from '@/lib/api-client';

/** The codes the player redeemed, latest first, a page at a time. */
export const playerRedemptionsQueryOptions = (
  playerId: string,
  firstPage: ConsolePlayer['redemptions'],
) =>
  playerListQueryOptions(playerId, 'redemptions', firstPage, (body, signal) =>
    callApi('consolePlayerRedemptions', body, { signal }),
  );
