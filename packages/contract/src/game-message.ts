/**
 * A message from the venue's staff to a game's players (routes `consoleGameMessagePreview` and
 * `consoleGameMessageSend`, the command line's `slots message`, ADR 0058): a subject and a
 * plain-text body, mailed through the server's `game_message` template to everyone booked on
 * the game and, when chosen, everyone in its waitlist line. Sent once per request id, and at
 * most GAME_MESSAGE_LIMITS.perGame an hour per game and GAME_MESSAGE_LIMITS.perOperator a day per operator.
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './orders';
import { userMessage } from './user-message';

export const GAME_MESSAGE_LIMITS = {
  /** The subject line: short, one line. */
  subjectMax: 120,
  /** The body: plain text, line breaks kept. */
  bodyMax: 2_000,
  /** Messages about one game in the last hour, from anyone. */
  perGame: 3,
  perGameWindowMs: 60 * 60_000,
  /** Messages one operator (the command line counts as one) sent in the last 24 hours. */
  perOperator: 20,
  perOperatorWindowMs: 24 * 60 * 60_000,
} as const;

/** Control characters other than a line break or a tab (a body's), and any in a subject. */
const CONTROL_IN_BODY = /(?![\n\t])\p{Cc}|[\u2028\u2029]/u;
const CONTROL_IN_SUBJECT = /[\p{Cc}\u2028\u2029]/u;

const subject = z
  .string()
  .trim()
  .min(1, userMessage('Write a subject line.'))
  .max(
    GAME_MESSAGE_LIMITS.subjectMax,
    userMessage(`The subject is at most ${GAME_MESSAGE_LIMITS.subjectMax} characters.`),
  )
  .refine((text) => !CONTROL_IN_SUBJECT.test(text), {
    error: userMessage('The subject is one line of text.'),
  });

/** Line endings made '\n' before the length is counted, so Windows' count like others'. */
const body = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, userMessage('Write the message.'))
      .max(
        GAME_MESSAGE_LIMITS.bodyMax,
        userMessage(
          `The message is at most ${GAME_MESSAGE_LIMITS.bodyMax.toLocaleString('en-US')} characters.`,
        ),
      )
      .refine((text) => !CONTROL_IN_BODY.test(text), {
        error: userMessage('The message is plain text: letters, digits, punctuation, lines.'),
      }),
  );

/** The message as operators write it: a subject line and a plain-text body. */
export const gameMessageText = { subject, body };

/**
 * Whom it goes to beyond the players booked: also the players in the game's waitlist line
 * (waiting, or offered a seat).
 */
export const gameMessageWaiting = z.boolean();

/** What a retry sends again: the same id sends nothing twice (8–64 of [A-Za-z0-9_-]). */
export const gameMessageRequestId = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'A request id is 8 to 64 letters, digits, - or _.');

/** The players it reaches now, counted apart: booked, and in the line (when chosen). */
const reach = { booked: z.number().int(), waiting: z.number().int() };

/** The mail as each player gets it (plain-text part), and whom it would reach now. */
export const consoleGameMessagePreviewResponse = z.object({
  subject: z.string(),
  text: z.string(),
  ...reach,
});
export type GameMessagePreview = z.infer<typeof consoleGameMessagePreviewResponse>;

/** Whom it was mailed to; `repeated`: this request id had sent it already (nothing sent now). */
export const consoleGameMessageResponse = z.object({ ...reach, repeated: z.boolean() });
export type GameMessageSent = z.infer<typeof consoleGameMessageResponse>;

/** A refusal of GAME_MESSAGE_RATE_LIMITED, naming the limit and when a message may go again. */
export function gameMessageLimitMessage(limit: 'game' | 'operator', minutes: number): string {
  const wait = `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return limit === 'game'
    ? `A game takes at most ${GAME_MESSAGE_LIMITS.perGame} messages an hour. ${wait}`
    : `You may send at most ${GAME_MESSAGE_LIMITS.perOperator} messages a day. ${wait}`;
}
