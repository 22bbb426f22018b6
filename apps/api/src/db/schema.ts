/**
 * The whole product's data model (security.md "Reference data model"), one pg-core schema for
 * both PGlite and Postgres. Rules the business depends on are also database constraints, so a
 * bug in a service fails loudly instead of corrupting balances or seat counts:
 * credits never negative, a slot never over capacity, one posting per business event, one seat
 * per player per slot, one order per idempotency key.
 *
 * Change it only together with a new migration (`npm run db:generate -w @questfield/api`).
 */
import { LEDGER_REASONS } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();

/** `col IN ('a','b')` for a check constraint; values are compile-time literals, never input. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const SESSION_PURPOSES = ['login', 'reset'] as const;
export { LEDGER_REASONS };
export const ORDER_KINDS = ['credit_pack', 'quick_buy', 'game_pack', 'host_pack'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const PAYMENT_PROVIDERS = ['test', 'square'] as const;
/**
 * Why an order waits for an operator: a chargeback, a partial refund (what to take back is a
 * person's call), or a payment event whose amount or payment id is not the order's.
 */
export const ORDER_FLAGS = ['disputed', 'partially_refunded', 'payment_mismatch'] as const;
export const CODE_KINDS = ['promo_per_user', 'one_time'] as const;
export const REGISTRATION_SOURCES = ['booking', 'access_code'] as const;
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'dev'] as const;
export const AUTH_ATTEMPT_KINDS = [
  'login',
  'recovery_request',
  'recovery_verify',
  'password_update',
  'signup',
  'redeem',
  'access_code',
  'partnership',
] as const;

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
    // Serves the retention pass's sweep of deleted accounts; live accounts are not in it.
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
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
    purpose: text('purpose').notNull().default('login'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    // The retention pass deletes idle sessions by it (written at most once a minute).
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
    check('sessions_purpose', oneOf('purpose', SESSION_PURPOSES)),
  ],
);

/** Append-only journal of every credit change (a trigger refuses UPDATE and DELETE). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** The business event behind the posting, e.g. ('order', order id), ('code', code id). */
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('credit_ledger_ref_key').on(t.refType, t.refId, t.userId),
    // Serves the credit history: a player's postings, newest first, paged by id.
    index('credit_ledger_user_id_idx').on(t.userId, t.id.desc()),
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

/**
 * Settings operators change while the product runs (`npm run admin -- multiplayer on|off`);
 * a missing row means the value from the environment.
 */
export const runtimeSettings = pgTable('runtime_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's Idempotency-Key; one key is at most one charge (security.md W6). */
    idemKey: text('idem_key').notNull(),
    /** Hash of the priced request, so a reused key with a different body is refused. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    items: jsonb('items').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    credits: integer('credits').notNull().default(0),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    failureCode: text('failure_code'),
    /** Set when the order needs an operator (ORDER_FLAGS); `npm run admin -- orders flagged`. */
    flag: text('flag'),
    flaggedAt: timestamptz('flagged_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('orders_order_number_key').on(t.orderNumber),
    // Serves the operators' list of flagged orders; almost every order has none.
    index('orders_flagged_idx')
      .on(t.flaggedAt)
      .where(sql`${t.flag} IS NOT NULL`),
    check('orders_flag', sql`${t.flag} IS NULL OR ${oneOf('flag', ORDER_FLAGS)}`),
    check('orders_flag_complete', sql`(${t.flag} IS NULL) = (${t.flaggedAt} IS NULL)`),
    unique('orders_user_idem_key').on(t.userId, t.idemKey),
    unique('orders_provider_payment_id_key').on(t.providerPaymentId),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    check('orders_kind', oneOf('kind', ORDER_KINDS)),
    check('orders_status', oneOf('status', ORDER_STATUSES)),
    check('orders_provider', oneOf('provider', PAYMENT_PROVIDERS)),
    check('orders_amount_positive', sql`${t.amountCents} > 0`),
    check('orders_credits_non_negative', sql`${t.credits} >= 0`),
    check('orders_currency', sql`char_length(${t.currency}) = 3`),
  ],
);

/**
 * Chargebacks Square reports (dispute.* events), one row per dispute, kept with the orders
 * (financial records, ADR 0018): its latest state and reason, for operators.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    /** Square's dispute id. */
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payment_disputes_order_idx').on(t.orderId)],
);

/** Square webhook deliveries already handled; the primary key makes replays no-ops. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export const codes = pgTable(
  'codes',
  {
    id: id(),
    /** HMAC-SHA256(APP_SECRET, upper(code)), hex (src/lib/redeemable-code-hash.ts). */
    codeHash: text('code_hash').notNull(),
    kind: text('kind').notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [
    unique('codes_code_hash_key').on(t.codeHash),
    // Serves 'My Game Passes': a player's passes, newest first.
    index('codes_owner_created_idx').on(t.ownerId, t.createdAt),
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
    index('redemptions_user_idx').on(t.userId, t.redeemedAt),
  ],
);

export const eventSlots = pgTable(
  'event_slots',
  {
    id: id(),
    startsAt: timestamptz('starts_at').notNull(),
    lengthMinutes: integer('length_minutes').notNull().default(30),
    capacity: integer('capacity').notNull().default(25),
    /** Seats taken; kept equal to the slot's registrations by the booking transaction. */
    booked: integer('booked').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** HMAC of the access code that lets a player join this session from /game. */
    accessCodeHash: text('access_code_hash'),
    /** The access code sealed for the players booked on the slot (src/lib/sealed-box.ts). */
    accessCodeSealed: text('access_code_sealed'),
    createdAt: createdAt(),
  },
  (t) => [
    // The unique index also serves the date-range listing of available times.
    unique('event_slots_starts_at_key').on(t.startsAt),
    unique('event_slots_access_code_hash_key').on(t.accessCodeHash),
    check(
      'event_slots_booked_within_capacity',
      sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`,
    ),
    check('event_slots_capacity_positive', sql`${t.capacity} > 0`),
    check('event_slots_length_positive', sql`${t.lengthMinutes} > 0`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('registrations_slot_user_key').on(t.slotId, t.userId),
    index('registrations_user_created_idx').on(t.userId, t.createdAt),
    check('registrations_source', oneOf('source', REGISTRATION_SOURCES)),
  ],
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

/** Mail is queued in the request's transaction and sent after commit (SMTP or dev mailbox). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Sealed (integrations/email/mail-seal.ts), never plain text; '' once delivered. */
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull().default(''),
    template: text('template').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_to_created_idx').on(t.toAddress, t.createdAt),
    check('email_outbox_status', oneOf('status', EMAIL_STATUSES)),
    check('email_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);

export const partnershipApplications = pgTable(
  'partnership_applications',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    companyDescription: text('company_description').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // Serves the per-IP hourly limit on submissions.
    index('partnership_applications_ip_created_idx').on(t.ip, t.createdAt),
    // Serves the daily cap on confirmations one address receives.
    index('partnership_applications_email_created_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);

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
    index('game_results_user_idx').on(t.userId, t.createdAt),
    index('game_results_created_idx').on(t.createdAt),
    unique('game_results_registration_key').on(t.registrationId),
    check('game_results_score_non_negative', sql`${t.score} >= 0`),
    check('game_results_time_non_negative', sql`${t.timeMs} >= 0`),
    check('game_results_distance_non_negative', sql`${t.distance} >= 0`),
  ],
);

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
    kind: text('kind').notNull(),
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
