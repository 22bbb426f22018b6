/**
 * The console's venue day (routes `consoleDay`, `consoleSlotChange`, `consoleSlotAccessCode`):
 * each slot with its seats and players, live; slot changes are the command line's own
 * commands (operator.ts `slotChangeCommand`).
 */
import { z } from 'zod';
import { closedSeats, seatSource, venueDay, weeklySchedule } from './operator';
import { gameMessageRequestId, gameMessageText, gameMessageWaiting } from './game-message';

/** How long the server holds a day request that asks for changes before answering anyway. */
export const CONSOLE_DAY_WAIT_MS = 25_000;

/**
 * A venue day (today when left out). With `after` (the `version` of the view the console
 * shows), the server answers when the day changes, or after CONSOLE_DAY_WAIT_MS with the same
 * view: a request held open instead of a poll.
 */
export const consoleDayRequest = z.strictObject({
  day: venueDay.optional(),
  after: z.string().max(64).optional(),
});

const seatedPlayer = z.object({
  id: z.string(),
  username: z.string(),
  source: seatSource,
  /** When the seat was taken, ISO 8601 UTC. */
  at: z.iso.datetime(),
});

export const consoleSlot = z.object({
  /** 'HH:MM' on the venue clock: with the day, what names the slot in commands. */
  time: z.string(),
  startsAt: z.iso.datetime(),
  booked: z.number().int(),
  capacity: z.number().int(),
  open: z.boolean(),
  /** The game has begun, by the server's clock (a started game still takes joins until it ends). */
  started: z.boolean(),
  /** The game is over, by the server's clock: it takes no players, and its slot no changes. */
  ended: z.boolean(),
  /** Players waiting in the slot's waitlist line (one offered a seat holds it: not counted). */
  waiting: z.number().int(),
  players: z.array(seatedPlayer),
});
export type ConsoleSlot = z.infer<typeof consoleSlot>;

export const consoleDayResponse = z.object({
  day: z.string(),
  /** The venue's today, for the date picker. */
  today: z.string(),
  timeZone: z.string(),
  /** Names this view's contents: sent back as `after`, it asks for the next change. */
  version: z.string(),
  slots: z.array(consoleSlot),
});
/** @internal Exported for tests. */
export type ConsoleDay = z.infer<typeof consoleDayResponse>;

/** The slot as the change left it: its seats and state (the live day brings the rest). */
export const consoleSlotChangeResponse = z.object({
  slot: consoleSlot.omit({ players: true, started: true, ended: true, waiting: true }),
  /**
   * A closure's or capacity cut's seats cancelled and places ended (`cancelSeats`); absent for
   * other changes.
   */
  closure: closedSeats.optional(),
});

/**
 * Before a closure (route `consoleClosurePreview`): a day's games not started, or one game
 * (`time`), with the players booked on them and how many wait in their lines; or before a
 * capacity cut (`time` and `capacity`), the players it would take a seat from.
 */
export const consoleClosurePreviewRequest = z.strictObject({
  day: venueDay,
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM.')
    .optional(),
  /**
   * With `time`, a capacity cut instead (`slots set-capacity --cancel-seats`): the seats it
   * would cancel, the latest booked over this capacity; nobody's place in line ends.
   */
  capacity: z.number().int().min(1).max(1_000).optional(),
});
export const consoleClosurePreviewResponse = z.object({
  /**
   * Each seat (by its id: one player may hold several) with its player and the game's start on
   * the venue clock, earliest game first.
   */
  seats: z.array(z.object({ id: z.string(), username: z.string(), time: z.string() })),
  /** Players in the games' lines, waiting or offered a seat. */
  waiting: z.number().int(),
});
export type ConsoleClosurePreview = z.infer<typeof consoleClosurePreviewResponse>;
export type ConsoleClosurePreviewRequest = z.input<typeof consoleClosurePreviewRequest>;

/** A slot by its venue day and start; its access code is shown on request, and that is logged. */
export const consoleSlotAccessCodeRequest = z.strictObject({
  day: venueDay,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM.'),
});
export const consoleSlotAccessCodeResponse = z.object({ accessCode: z.string() });

/**
 * A message to a game's players (ADR 0058), by the game's venue day and start: the preview
 * (`consoleGameMessagePreview`, nothing sent) and the send (`consoleGameMessageSend`), whose
 * request id makes a retry send nothing twice.
 */
const gameMessageFields = {
  day: venueDay,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM.'),
  ...gameMessageText,
  waiting: gameMessageWaiting,
};
export const consoleGameMessagePreviewRequest = z.strictObject(gameMessageFields);
export type GameMessageDraft = z.input<typeof consoleGameMessagePreviewRequest>;
export const consoleGameMessageRequest = z.strictObject({
  ...gameMessageFields,
  requestId: gameMessageRequestId,
});
export type ConsoleGameMessageRequest = z.input<typeof consoleGameMessageRequest>;

/** The venue's week and the days ahead blocked by an admin (route `consoleWeek`). */
export const consoleWeekResponse = z.object({
  week: weeklySchedule,
  blocked: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type ConsoleWeek = z.infer<typeof consoleWeekResponse>;
