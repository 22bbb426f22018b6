/**
 * The accounts module's tables: players, their sign-in sessions, recovery codes and reset tokens.
 */
import { ROLES } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, id, oneOf } from './columns';

export const SESSION_PURPOSES = ['login', 'reset'] as const;

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** Cached balance; always equals the sum of this user's credit_ledger rows. */
    credits: integer('credits').notNull().default(0),
    /** What the account may do beyond playing (ROLES); set by operators only. */
    role: text('role', { enum: ROLES }).notNull().default('player'),
    /** Whether the player gets the mails 24 hours and 1 hour before a game (Account Settings). */
    reminderEmails: boolean('reminder_emails').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * Set when the player deleted the account: the row stays, scrubbed, for the ledger and the
     * orders that refer to it (modules/accounts/account-deletion.service.ts).
     */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    // Case-insensitive identity without the citext extension: look up with lower(...) = lower($1).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The console's player search: a case-insensitive prefix (LIKE 'ab%') of either, which a
    // plain index serves only under the C collation; text_pattern_ops serves it under any.
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    // Serves the retention pass's sweep of deleted accounts; live accounts are not in it.
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    check('users_role', oneOf('role', ROLES)),
    check('users_email_length', sql`char_length(${t.email}) BETWEEN 3 AND 254`),
    check('users_username_length', sql`char_length(${t.username}) BETWEEN 1 AND 64`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie value; the value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'reset' is the limited session a verified recovery code grants (security.md W17). */
    purpose: text('purpose', { enum: SESSION_PURPOSES }).notNull().default('login'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** When this session passed the operator's two-factor check (null: not yet, or a player). */
    secondFactorAt: timestamptz('second_factor_at'),
    /** When the operator last gave the password and a code again (before money moves). */
    reauthAt: timestamptz('reauth_at'),
    /**
     * Two-factor codes (TOTP) this session got wrong, or is trying now: at
     * TWO_FACTOR_TRIES_PER_SESSION it may try no more codes (ADR 0052).
     */
    codeTries: integer('code_tries').notNull().default(0),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    // The retention pass deletes idle sessions by it (written at most once a minute).
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
    check('sessions_purpose', oneOf('purpose', SESSION_PURPOSES)),
  ],
);

/**
 * The version of each player's newest reminder unsubscribe link (ADR 0048): a mail's link
 * carries the next one, so an older link, or one already clicked, no longer matches. A table of
 * its own, so the reminder pass, which has seats locked, never waits for a player's row.
 */
export const unsubscribeVersions = pgTable(
  'unsubscribe_versions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
  },
  (t) => [check('unsubscribe_versions_version_positive', sql`${t.version} > 0`)],
);

/** At most one live recovery code per user: a new request replaces the old row. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('recovery_codes_expires_at_idx').on(t.expiresAt),
    check('recovery_codes_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);

/** Single-use tokens issued by a verified recovery code; only the hash is stored. */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reset_tokens_user_idx').on(t.userId),
    index('reset_tokens_expires_at_idx').on(t.expiresAt),
  ],
);
