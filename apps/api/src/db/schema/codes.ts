/**
 * The codes module's tables: redeemable codes (promo codes, experience cards, Game Passes), the
 * operators' named batches they are made in (ADR 0026), and their redemptions.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';
import { timestamptz, createdAt, id, oneOf } from './columns';

export const CODE_KINDS = ['promo_per_user', 'one_time'] as const;

/** A batch of codes an operator made at once: its name, and what each of its codes is worth. */
export const codeBatches = pgTable(
  'code_batches',
  {
    id: id(),
    /** What operators call it; unique in any case. */
    name: text('name').notNull(),
    kind: text('kind', { enum: CODE_KINDS }).notNull(),
    credits: integer('credits').notNull(),
    count: integer('count').notNull(),
    /** The same on every code of the batch. */
    expiresAt: timestamptz('expires_at'),
    /** Set when an operator revoked the whole batch. */
    revokedAt: timestamptz('revoked_at'),
    /** The operator's account; null for the command line. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('code_batches_name_key').on(sql`lower(${t.name})`),
    // Serves the console's list: newest first, by cursor.
    index('code_batches_created_idx').on(t.createdAt, t.id),
    check('code_batches_kind', oneOf('kind', CODE_KINDS)),
    check('code_batches_credits_positive', sql`${t.credits} > 0`),
    check('code_batches_count_positive', sql`${t.count} > 0`),
  ],
);

export const codes = pgTable(
  'codes',
  {
    id: id(),
    /** HMAC-SHA256(APP_SECRET, upper(code)), hex (src/lib/redeemable-code-hash.ts). */
    codeHash: text('code_hash').notNull(),
    kind: text('kind', { enum: CODE_KINDS }).notNull(),
    credits: integer('credits').notNull(),
    /** What players and operators see instead of the secret code, e.g. 'WELCOME16'. */
    label: text('label').notNull().default(''),
    expiresAt: timestamptz('expires_at'),
    /** Set by an operator: the code redeems no more and is not found. */
    revokedAt: timestamptz('revoked_at'),
    /** One-time codes only: who claimed it, set by the same statement that checks it is free. */
    claimedBy: uuid('claimed_by').references(() => users.id),
    claimedAt: timestamptz('claimed_at'),
    /** A Game Pass: the Game Pack order that issued it and the buyer who holds it. */
    orderId: uuid('order_id').references(() => orders.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The code sealed for its owner's dashboard (src/lib/sealed-box.ts); never plain text. */
    sealedCode: text('sealed_code'),
    /** The operators' batch it was made in; null for Game Passes and fixed codes. */
    batchId: uuid('batch_id').references(() => codeBatches.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('codes_code_hash_key').on(t.codeHash),
    // Serves 'My Game Passes': a player's passes, newest first.
    index('codes_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    // Serves a batch's counts and its codes in order, by cursor.
    index('codes_batch_idx').on(t.batchId, t.id),
    check('codes_pass_one_time', sql`${t.orderId} IS NULL OR ${t.kind} = 'one_time'`),
    check('codes_kind', oneOf('kind', CODE_KINDS)),
    check('codes_credits_positive', sql`${t.credits} > 0`),
    check('codes_claim_one_time_only', sql`${t.kind} = 'one_time' OR ${t.claimedBy} IS NULL`),
    check('codes_claim_complete', sql`(${t.claimedBy} IS NULL) = (${t.claimedAt} IS NULL)`),
  ],
);

/** Every redemption of either kind; the key makes a promo code once per player. */
export const redemptions = pgTable(
  'redemptions',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => codes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeLabel: text('code_label').notNull(),
    redeemedAt: timestamptz('redeemed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'redemptions_pkey', columns: [t.codeId, t.userId] }),
    index('redemptions_user_idx').on(t.userId, t.redeemedAt, t.codeId),
    // Serves the console's weekly report (redemptions by time; appended in time order).
    index('redemptions_redeemed_brin').using('brin', t.redeemedAt),
  ],
);
