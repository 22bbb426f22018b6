/**
 * The bookings module: seats on the 30-minute game slots. Today it answers what a player has
 * booked (the operator's `users show`); booking and joining come with their own issue.
 */
import type { Infra } from '../../infra';
import * as repo from './bookings.repository';

export type PlayerBooking = repo.PlayerBooking;

const BOOKINGS_LISTED = 50;

export function createBookingsService({ db }: Pick<Infra, 'db'>) {
  return {
    /** The player's latest bookings, latest slot first. */
    listForPlayer: (userId: string): Promise<PlayerBooking[]> =>
      repo.listPlayerBookings(db, userId, BOOKINGS_LISTED),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
