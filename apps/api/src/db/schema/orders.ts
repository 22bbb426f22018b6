/**
 * The orders module's tables: purchases, refunds, chargebacks and the Square webhook deliveries
 * handled.
 */
import { ORDER_STATUSES, type OrderLine } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz, createdAt, id, oneOf } from './columns';

export const ORDER_KINDS = ['credit_pack', 'quick_buy', 'game_pack', 'host_pack'] as const;

export const PAYMENT_PROVIDERS = ['test', 'square'] as const;

/**
 * Why an order waits for an operator: a chargeback, a partial refund (what to take back is a
 * person's call), a payment event whose amount or payment id is not the order's, or a refund
 * the processor turned down after its credits were taken back.
 */
export const ORDER_FLAGS = [
  'disputed',
  'partially_refunded',
  'payment_mismatch',
  'refund_failed',
] as const;

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
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    /** The order's lines (the contract's orderLine), parsed when read (orders.service.ts). */
    items: jsonb('items').$type<OrderLine[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    credits: integer('credits').notNull().default(0),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    failureCode: text('failure_code'),
    /** Set when the order needs an operator (ORDER_FLAGS); `npm run admin -- orders flagged`. */
    flag: text('flag', { enum: ORDER_FLAGS }),
    flaggedAt: timestamptz('flagged_at'),
    /** When it went from pending to paid; null before, and for orders paid before it was kept. */
    paidAt: timestamptz('paid_at'),
    /** Money refunded so far, by full and partial refunds to the card or as credits (ADR 0056). */
    refundedCents: integer('refunded_cents').notNull().default(0),
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
    // Serves the console's list of every order, newest first.
    index('orders_created_idx').on(t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    check('orders_kind', oneOf('kind', ORDER_KINDS)),
    check('orders_status', oneOf('status', ORDER_STATUSES)),
    check('orders_provider', oneOf('provider', PAYMENT_PROVIDERS)),
    check('orders_amount_positive', sql`${t.amountCents} > 0`),
    check('orders_credits_non_negative', sql`${t.credits} >= 0`),
    check(
      'orders_refunded_within_amount',
      sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`,
    ),
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

export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;

/** What an admin's refund tells its buyer besides the order: the admin's reason, the credits. */
export type RefundMailFacts = {
  reason: string;
  /** Credits taken back from the buyer's balance. */
  creditsTakenBack: number;
  /** Credits of the order the buyer had spent on games already played: left at zero. */
  creditsSpent: number;
  /** A refund of an amount (ADR 0056): the amount, and whether it went to the card or as credits. */
  part?: { amountCents: number; asCredits: boolean; creditsAdded: number };
};

/** Where a partial refund's money goes: back to the card, or to the buyer as credits. */
export const PART_REFUND_DESTINATIONS = ['card', 'credits'] as const;

/**
 * Every refund of an order (ADR 0064): an admin's refund of an amount (ADR 0056), part of an
 * order or all that is left of it, to the card or as credits; an admin's full refund (ADR 0027,
 * request key `full:<id>`); a full refund made in Square's dashboard (`square:<id>`, no admin).
 * Several per order, up to what was paid. What it took back and added was done in the
 * transaction that wrote it; its status is the money's (a credit refund is completed when
 * written). Its request key makes a retry the same refund.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /**
     * The console's (or command line's) key for this request: a retry finds this row. A full
     * refund's is `full:<id>`, one made in Square's dashboard `square:<id>` (refundKey).
     */
    requestKey: text('request_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    destination: text('destination', { enum: PART_REFUND_DESTINATIONS }).notNull(),
    /** Credits taken back from the buyer and from redeemers of the order's passes. */
    creditsTakenBack: integer('credits_taken_back').notNull().default(0),
    /** Credits added to the buyer (a refund as credits). */
    creditsAdded: integer('credits_added').notNull().default(0),
    /** Credits already spent, left at zero by the admin's choice. */
    shortfallCredits: integer('shortfall_credits').notNull().default(0),
    /** Game Passes revoked (only by the refund that reaches what was paid). */
    passesRevoked: integer('passes_revoked').notNull().default(0),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    failureCode: text('failure_code'),
    attempts: integer('attempts').notNull().default(1),
    /**
     * The admin who asked (no foreign key: the audit log names them); null from the command line
     * and from Square's dashboard.
     */
    requestedBy: uuid('requested_by'),
    /** The buyer's mail, held until the money is back (or the credits added), cleared as queued. */
    buyerMail: jsonb('buyer_mail').$type<RefundMailFacts>(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('order_refunds_request_key').on(t.orderId, t.requestKey),
    unique('order_refunds_provider_refund_id_key').on(t.providerRefundId),
    check('order_refunds_status', oneOf('status', REFUND_STATUSES)),
    check('order_refunds_destination', oneOf('destination', PART_REFUND_DESTINATIONS)),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every refund the processor reported, by its id, with the payment it refunds and its latest
 * status: a refund reported before its payment settled (no order names the payment yet) is
 * found here when the payment is (ADR 0050).
 */
export const reportedRefunds = pgTable(
  'reported_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('reported_refunds_payment_idx').on(t.paymentId),
    check('reported_refunds_status', oneOf('status', REFUND_STATUSES)),
  ],
);

/** Square webhook deliveries already handled; the primary key makes replays no-ops. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
