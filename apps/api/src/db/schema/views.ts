/**
 * What one module reads of another module's tables: a view each, owned by the module whose
 * tables it shows, created by migration 0015 (drizzle-kit leaves `.existing()` views alone).
 * Any repository may import these; only the owning module's repositories import the tables
 * (ESLint enforces it), so a change to a table shows which other modules depend on it here.
 */
import { boolean, integer, pgView, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * accounts → credits: the balance on the account row (kept there so the session check reads it
 * in the same query). The credits module is its only writer, through this view (a single-table
 * view, so Postgres updates and locks the `users` row behind it).
 */
export const balances = pgView('balances', {
  userId: uuid('user_id').notNull(),
  credits: integer('credits').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
}).existing();

/** accounts → games: the name a player appears under on boards, and whether they left. */
export const playerNames = pgView('player_names', {
  userId: uuid('user_id').notNull(),
  username: text('username').notNull(),
  deleted: boolean('deleted').notNull(),
}).existing();

/** orders → credits, codes: an order's number, shown beside the credits or passes it gave. */
export const orderNumbers = pgView('order_numbers', {
  orderId: uuid('order_id').notNull(),
  orderNumber: text('order_number').notNull(),
}).existing();

/** codes → accounts: the labels of the codes a player redeemed (Users/Me, the session check). */
export const redeemedCodeLabels = pgView('redeemed_code_labels', {
  userId: uuid('user_id').notNull(),
  codeLabel: text('code_label').notNull(),
  redeemedAt: timestamptz('redeemed_at').notNull(),
}).existing();

/** bookings → games: a seat with its game's start and length (tickets and results). */
export const gameSeats = pgView('game_seats', {
  registrationId: uuid('registration_id').notNull(),
  userId: uuid('user_id').notNull(),
  slotId: uuid('slot_id').notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  lengthMinutes: integer('length_minutes').notNull(),
}).existing();
