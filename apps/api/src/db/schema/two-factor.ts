/**
 * The two-factor module's tables: operators' TOTP secrets (sealed, never in plain text) and
 * their one-time recovery codes (hashed only).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, timestamptz } from './columns';

export const twoFactorSecrets = pgTable(
  'two_factor_secrets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The TOTP secret, sealed (lib/sealed-box.ts, purpose 'two-factor secret'). */
    secretSealed: text('secret_sealed').notNull(),
    /** Null while set up but not yet confirmed with a first code. */
    enabledAt: timestamptz('enabled_at'),
    /** The last time step a code was accepted for: a code of that step or before is refused. */
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [check('two_factor_secrets_last_step', sql`${t.lastStep} IS NULL OR ${t.lastStep} >= 0`)],
);

export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under a key derived from APP_SECRET; the code is never stored. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_hash_key').on(t.userId, t.codeHash)],
);
