import type { ConsolePlayer, SeatList } from '@questfield/contract';
import { playerListQueryOptions } from './player-list';
import { callApi } from '@/lib/api-client';

/** The player's games to come (soonest first) or played (latest first), a page at a time. */
export const playerBookingsQueryOptions = (
  playerId: string,
  list: SeatList,
  firstPage: ConsolePlayer['bookings'][SeatList],
) =>
  playerListQueryOptions(playerId, `bookings-${list}`, firstPage, (body, signal) =>
    callApi('consolePlayerBookings', { ...body, list }, { signal }),
  );
