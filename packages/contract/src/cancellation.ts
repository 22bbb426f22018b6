/**
 * Giving a seat back (issue 23 item 3; ADR 0029): a player cancels a seat on a game that has
 * not started, up to a cut-off before its start (a runtime setting, CANCEL_CUTOFF.defaultMinutes
 * until an admin stores another), and gets back the credits the seat took. Staff cancel a
 * player's seat without the cut-off (never once the game has started) and book one for a player
 * on the player's own booking path (routes `consolePlayerSeatCancel`, `consolePlayerSeatBook`;
 * the command line's `seats cancel` and `seats book`).
 */
import { z } from 'zod';
import { userMessage } from './user-message';

export const CANCEL_CUTOFF = {
  /** Two hours before the start, until an admin sets another cut-off. */
  defaultMinutes: 120,
  /** At most a week before the start. */
  maxMinutes: 7 * 24 * 60,
} as const;

/** '2 hours', '90 minutes' → '1 hour 30 minutes', '45 minutes'. */
function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

/** When a seat can be given back, in words: 'up to 2 hours before the game starts'. */
export function cancelCutoffText(minutes: number): string {
  return minutes <= 0
    ? 'until the game starts'
    : `up to ${durationText(minutes)} before the game starts`;
}

/** CANCEL_CUTOFF_PASSED with the cut-off in force. */
export function cancelCutoffMessage(minutes: number): string {
  return `Seats can be cancelled ${cancelCutoffText(minutes)}.`;
}

const CUTOFF_RANGE = userMessage(
  `Enter a whole number of minutes from 0 to ${CANCEL_CUTOFF.maxMinutes.toLocaleString('en-US')}.`,
);
/** The cut-off in minutes before a game's start: 0 lets players cancel until the start. */
export const cancelCutoffMinutes = z
  .number({ error: CUTOFF_RANGE })
  .int(CUTOFF_RANGE)
  .min(0, CUTOFF_RANGE)
  .max(CANCEL_CUTOFF.maxMinutes, CUTOFF_RANGE);

/** Events/CancelRegistration: the seat, by the registration id My Sessions lists. */
export const cancelRegistrationRequest = z.strictObject({
  registrationId: z.uuid({ error: userMessage('This seat was not found.') }),
});
export type CancelRegistrationRequest = z.input<typeof cancelRegistrationRequest>;

export const cancelRegistrationResponse = z.object({
  registrationId: z.string(),
  /** The start of the game whose seat was freed (ISO 8601 UTC); null on a repeat. */
  EventTime: z.string().nullable(),
  /** Credits given back: what the booking took (0 for a seat that took none). */
  refunded: z.number().int().nonnegative(),
  /** The balance after it. */
  credits: z.number().int().nonnegative(),
  /** True when the seat had been given back already: nothing changed this time. */
  repeated: z.boolean(),
});
export type CancelRegistrationResponse = z.infer<typeof cancelRegistrationResponse>;

/** A player's seat in the console: the player and the game's start. */
export const consolePlayerSeatRequest = z.strictObject({
  playerId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
});
export type ConsolePlayerSeatRequest = z.infer<typeof consolePlayerSeatRequest>;

export const consolePlayerSeatCancelResponse = z.object({
  startsAt: z.iso.datetime(),
  refunded: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
});

export const consolePlayerSeatBookResponse = z.object({
  startsAt: z.iso.datetime(),
  balance: z.number().int().nonnegative(),
  /** The player held this seat already: nothing was charged. */
  repeated: z.boolean(),
});
