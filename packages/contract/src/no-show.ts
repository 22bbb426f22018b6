/**
 * Who joined a game, and who did not (ADR 0059): a seat is joined when the game first used its
 * ticket (the player's game frame opened the game); a seat without a join once the game has
 * run NO_SHOW.graceDefaultMinutes past its start (a runtime setting an admin may change) is a
 * no-show. Both are decided when read, by the server's clock.
 */
import { z } from 'zod';
import { userMessage } from './user-message';

export const NO_SHOW = {
  /** Minutes after the start before a seat without a join is a no-show, until an admin sets another… */
  graceDefaultMinutes: 10,
  /** …from this… */
  graceMinMinutes: 0,
  /** …to this. */
  graceMaxMinutes: 30,
} as const;

const GRACE_RANGE = userMessage(
  `Enter a whole number of minutes from ${NO_SHOW.graceMinMinutes} to ${NO_SHOW.graceMaxMinutes}.`,
);
/** How many minutes after a game's start a seat without a join becomes a no-show. */
export const noShowGraceMinutes = z
  .number({ error: GRACE_RANGE })
  .int(GRACE_RANGE)
  .min(NO_SHOW.graceMinMinutes, GRACE_RANGE)
  .max(NO_SHOW.graceMaxMinutes, GRACE_RANGE);
