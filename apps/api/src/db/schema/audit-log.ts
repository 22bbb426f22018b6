/**
 * The audit-log module's table: every operator action, who did it and what changed. Append-only
 * (a trigger refuses UPDATE and DELETE, like the credit ledger), so nobody erases their tracks.
 */
import { AUDIT_ACTIONS, ROLES } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, timestamptz } from './columns';

/** Who acted: a signed-in operator, or the server's own command line (no account). */
export const AUDIT_ACTOR_KINDS = ['operator', 'command_line'] as const;

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The operator's account (null for the command line); no foreign key: rows outlive edits. */
    actorId: uuid('actor_id'),
    /** The operator's username at the time, or 'command line'. */
    actorLabel: text('actor_label').notNull(),
    actorRole: text('actor_role', { enum: ROLES }),
    ip: text('ip').notNull().default(''),
    /** What was done, e.g. 'users.set-role' (AUDIT_ACTIONS in the contract). */
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The account acted on, when there is one. */
    targetUserId: uuid('target_user_id'),
    /** What else was acted on, in words: a slot's day and time, a code batch, a setting. */
    subject: text('subject').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
    index('audit_log_target_at_idx').on(t.targetUserId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    check('audit_log_actor_kind', oneOf('actor_kind', AUDIT_ACTOR_KINDS)),
    check('audit_log_actor_role', sql`actor_role IS NULL OR ${oneOf('actor_role', ROLES)}`),
  ],
);
