/**
 * The limits module's table: attempts behind the brute-force and abuse limits.
 */
import { bigserial, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns';

export const AUTH_ATTEMPT_KINDS = [
  'login',
  'recovery_request',
  'recovery_verify',
  'password_update',
  'signup',
  'redeem',
  'access_code',
  'partnership',
  'two_factor',
] as const;

/**
 * Throttling history that must survive restarts and be shared by every API instance on
 * Postgres: failed logins per account (≤100/hour, security.md W22), recovery requests per
 * account (W20), code and access-code guesses (W11). `subject` is a normalised email, a user id
 * or an IP, depending on the kind.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: AUTH_ATTEMPT_KINDS }).notNull(),
    subject: text('subject').notNull(),
    ip: text('ip').notNull().default(''),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_kind_subject_created_idx').on(t.kind, t.subject, t.createdAt),
    index('auth_attempts_kind_ip_created_idx').on(t.kind, t.ip, t.createdAt),
    // The retention pass deletes attempts older than the longest limit window by it.
    index('auth_attempts_created_idx').on(t.createdAt),
    check('auth_attempts_kind', oneOf('kind', AUTH_ATTEMPT_KINDS)),
  ],
);
