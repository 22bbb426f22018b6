/**
 * The console's first screen, "Today" (route `consoleToday`): the venue day at a glance, read
 * again every CONSOLE_TODAY.refreshMs: its games with their seats and lines, the next game to
 * count down to, the day's sales and refunds, and what waits for an operator.
 */
import { z } from 'zod';
import { consoleSlot } from './console-schedule';

export const CONSOLE_TODAY = {
  /** How often the screen asks again: a glance need not be live to the second. */
  refreshMs: 30_000,
  /** Offers whose hold ends this soon are worth a look (a nudge to the player, a phone call). */
  lapsingWithinMinutes: 15,
} as const;

/** A game of today as the venue day lists it, without its players. */
const todayGame = consoleSlot.omit({ players: true });
export type TodayGame = z.infer<typeof todayGame>;

/** A count and its amount in cents. */
const money = z.object({ count: z.number().int(), cents: z.number().int() });

export const consoleTodayResponse = z.object({
  /** The venue's today, on its clock. */
  day: z.string(),
  timeZone: z.string(),
  /** Every slot of the day, earliest first. */
  games: z.array(todayGame),
  /** The first of the day's games not started that will be played (open, or with players). */
  nextGame: todayGame.nullable(),
  /** Orders placed today and paid (refunded later or not): the day's takings before refunds. */
  sales: money,
  /**
   * Refunds made today (in the console or Square's dashboard), in full or of part, to the card
   * or as credits, not turned down: each counted on the day it was made (ADR 0062).
   */
  refunds: money,
  needsAttention: z.object({
    /** Every order flagged for a person (chargebacks, partial or failed refunds, mismatches). */
    flaggedOrders: z.number().int(),
    /** Mails given up on still in the outbox (it keeps finished mail for a day). */
    failedMails: z.number().int(),
    /** Waitlist offers whose hold ends within CONSOLE_TODAY.lapsingWithinMinutes. */
    lapsingOffers: z.number().int(),
  }),
});
export type ConsoleToday = z.infer<typeof consoleTodayResponse>;
