/**
 * The credits module's tables: the append-only ledger and operators' grants. Balances live on
 * the account row (`users.credits`, for the one-query session check); only the credits module
 * writes them, through the `balances` view (views.ts).
 */
import { LEDGER_REASONS } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, oneOf } from './columns';

export { LEDGER_REASONS };

/** What a posting can come from; its id is that thing's id (the ledger's unique key). */
export const POSTING_SOURCES = [
  'order',
  'code',
  'registration',
  'refund',
  'admin',
  'seed',
  /** The balance forfeited with a deleted account (its id). */
  'account',
  /** A seat given back: the credits of its booking returned (the registration's id). */
  'cancellation',
] as const;

/** Append-only journal of every credit change (a trigger refuses UPDATE and DELETE). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    /** The business event behind the posting, e.g. ('order', order id), ('code', code id). */
    refType: text('ref_type', { enum: POSTING_SOURCES }).notNull(),
    refId: text('ref_id').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('credit_ledger_ref_key').on(t.refType, t.refId, t.userId),
    // Serves the credit history: a player's postings, newest first, paged by id.
    index('credit_ledger_user_id_idx').on(t.userId, t.id.desc()),
    // Serves the console's weekly report: postings by time. BRIN, as the ledger is appended in
    // time order: a few pages for any size, almost nothing added to a posting's cost.
    index('credit_ledger_created_brin').using('brin', t.createdAt),
    check('credit_ledger_delta_non_zero', sql`${t.delta} <> 0`),
    check('credit_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('credit_ledger_reason', oneOf('reason', LEDGER_REASONS)),
  ],
);

/**
 * Credits an operator granted (`npm run admin -- users grant-credits`): the posting's source,
 * keeping the operator's reason beside the ledger row it explains.
 */
export const creditGrants = pgTable('credit_grants', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  credits: integer('credits').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
