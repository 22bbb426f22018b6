/**
 * The games module's tables: the one result of each seat, and the results each seat had refused.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { eventSlots, registrations } from './bookings';
import { createdAt, id, timestamptz } from './columns';

export const gameResults = pgTable(
  'game_results',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id').references(() => eventSlots.id),
    /** The seat the run was played on: one result per seat (its game ticket's). */
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id),
    score: integer('score').notNull(),
    timeMs: integer('time_ms').notNull(),
    distance: integer('distance').notNull(),
    /** SHA-256 of the run's moves (base64url): a copy of them from another seat is refused. */
    movesDigest: text('moves_digest'),
    createdAt: createdAt(),
  },
  (t) => [
    // One index per leaderboard tab, in the tab's sort order.
    index('game_results_score_idx').on(t.score.desc(), t.createdAt),
    index('game_results_time_idx').on(t.timeMs.asc(), t.createdAt),
    index('game_results_distance_idx').on(t.distance.desc(), t.createdAt),
    index('game_results_user_idx').on(t.userId, t.createdAt, t.id),
    index('game_results_created_idx').on(t.createdAt),
    unique('game_results_registration_key').on(t.registrationId),
    unique('game_results_slot_moves_key').on(t.slotId, t.movesDigest),
    check('game_results_score_non_negative', sql`${t.score} >= 0`),
    check('game_results_time_non_negative', sql`${t.timeMs} >= 0`),
    check('game_results_distance_non_negative', sql`${t.distance} >= 0`),
  ],
);

/**
 * A seat's results refused so far, and the claim of the one being checked (ADR 0046): a result
 * is replayed only under the claim, and a seat with RESULT_REFUSALS_PER_SEAT refusals takes no
 * more. A row appears with the seat's first submission.
 */
export const gameResultChecks = pgTable(
  'game_result_checks',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    refusals: integer('refusals').notNull().default(0),
    /** Set while a result is checked; a claim still held at this time has been abandoned. */
    checkingUntil: timestamptz('checking_until'),
  },
  (t) => [check('game_result_checks_refusals_non_negative', sql`${t.refusals} >= 0`)],
);
