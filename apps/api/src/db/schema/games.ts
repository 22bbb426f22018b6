/**
 * The games module's table: the one result of each seat.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { eventSlots, registrations } from './bookings';
import { createdAt, id } from './columns';

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
    check('game_results_score_non_negative', sql`${t.score} >= 0`),
    check('game_results_time_non_negative', sql`${t.timeMs} >= 0`),
    check('game_results_distance_non_negative', sql`${t.distance} >= 0`),
  ],
);
