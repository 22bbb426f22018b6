/**
 * The operator module's table: requests that wait for a second admin's approval (ADR 0053). A
 * request holds what its action needs, as the first admin asked for it; it is decided once (the
 * decision, who and when, set together) or lapses at `expires_at` undecided.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, oneOf, timestamptz } from './columns';

export const APPROVAL_KINDS = ['grant', 'batch'] as const;
export const APPROVAL_DECISIONS_STORED = ['approved', 'refused', 'withdrawn'] as const;

export const operatorApprovals = pgTable(
  'operator_approvals',
  {
    id: id(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    /** The action as asked: a grant's player, credits and reason, or a batch's request. */
    request: jsonb('request').notNull(),
    /** A grant's player. */
    targetUserId: uuid('target_user_id').references(() => users.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    decision: text('decision', { enum: APPROVAL_DECISIONS_STORED }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    // The approvals screen: the undecided by age, the decided newest first.
    index('operator_approvals_undecided_idx')
      .on(t.requestedAt)
      .where(sql`${t.decision} IS NULL`),
    index('operator_approvals_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.decision} IS NOT NULL`),
    check('operator_approvals_kind', oneOf('kind', APPROVAL_KINDS)),
    check(
      'operator_approvals_decided_once',
      sql`(decision IS NULL AND decided_by IS NULL AND decided_at IS NULL) OR (${oneOf('decision', APPROVAL_DECISIONS_STORED)} AND decided_by IS NOT NULL AND decided_at IS NOT NULL)`,
    ),
  ],
);
