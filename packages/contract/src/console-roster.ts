/**
 * The console's roster of one game (route `consoleRoster`) and its week of bookings (route
 * `consoleBookingsWeek`). A roster names each seat's player, how the seat was taken and whether
 * the player joined: joined when the game first used the seat's ticket, a no-show once the
 * game has run the no-show grace past its start without one (no-show.ts; ADR 0059).
 */
import { z } from 'zod';
import { seatSource, venueDay } from './operator';

const venueTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM.');

/** A game by its venue day and start on the venue clock. */
export const consoleRosterRequest = z.strictObject({ day: venueDay, time: venueTime });

/** Whether the seat's player joined: yes, not yet, or not within the grace (a no-show). */
const ROSTER_PRESENCE = ['joined', 'waiting', 'no-show'] as const;
export type RosterPresence = (typeof ROSTER_PRESENCE)[number];

const rosterSeat = z.object({
  username: z.string(),
  email: z.string(),
  source: seatSource,
  /** When the seat was taken, ISO 8601 UTC. */
  at: z.iso.datetime(),
  /** When the game first used the seat's ticket, ISO 8601 UTC; null before that. */
  joinedAt: z.iso.datetime().nullable(),
  presence: z.enum(ROSTER_PRESENCE),
});

export const consoleRosterResponse = z.object({
  day: z.string(),
  time: z.string(),
  timeZone: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  capacity: z.number().int(),
  open: z.boolean(),
  accessCode: z.string(),
  /** The instant a seat without a join becomes a no-show (start + the grace). */
  noShowFrom: z.iso.datetime(),
  graceMinutes: z.number().int(),
  counts: z.object({
    booked: z.number().int(),
    joined: z.number().int(),
    noShow: z.number().int(),
  }),
  /** In seat order (the earliest taken first). */
  seats: z.array(rosterSeat),
});
export type ConsoleRoster = z.infer<typeof consoleRosterResponse>;

/** Seven venue days from `from` (the venue's today when left out). */
export const consoleBookingsWeekRequest = z.strictObject({ from: venueDay.optional() });

const weekCell = z.object({
  day: z.string(),
  /** The game's start, ISO 8601 UTC: the cell's time on the venue's clock, its zone named. */
  startsAt: z.iso.datetime(),
  booked: z.number().int(),
  capacity: z.number().int(),
  /** Closed by staff (the slot takes no bookings). */
  open: z.boolean(),
});

export const consoleBookingsWeekResponse = z.object({
  from: z.string(),
  today: z.string(),
  timeZone: z.string(),
  /** The seven days, `from` first; `closed` names why a day has no games (null: it has). */
  days: z.array(
    z.object({
      day: z.string(),
      closed: z.union([z.literal('week'), z.object({ blocked: z.string() })]).nullable(),
    }),
  ),
  /**
   * Each start on the venue clock ('HH:MM') any of the days has, earliest first, with a cell per
   * day (null: that day has no game then).
   */
  rows: z.array(z.object({ time: z.string(), cells: z.array(weekCell.nullable()) })),
});
export type ConsoleBookingsWeek = z.infer<typeof consoleBookingsWeekResponse>;
