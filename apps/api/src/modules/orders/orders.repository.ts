/** Orders: one row per purchase attempt, unique per (user, Idempotency-Key) (security.md W6). */
import type { Sku } from '@questfield/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Transaction } from '../../db/client';
import { timestamp } from '../../db/sql-text';
import { relation, step, withSteps, type PostingSteps, type Step } from '../../db/steps';
import { keyset, type KeysetPage } from '../../db/keyset';
import {
  ORDER_FLAGS,
  orderRefunds,
  orders,
  paymentDisputes,
  reportedRefunds,
  webhookEvents,
  type REFUND_STATUSES,
  type RefundMailFacts,
} from '../../db/schema/orders';
import { playerNames } from '../../db/schema/views';

export type OrderRow = typeof orders.$inferSelect;
export type { RefundMailFacts };
export type NewOrder = Pick<
  typeof orders.$inferInsert,
  | 'orderNumber'
  | 'userId'
  | 'idemKey'
  | 'requestHash'
  | 'kind'
  | 'items'
  | 'amountCents'
  | 'credits'
  | 'provider'
  | 'createdAt'
>;

/** Inserts the order, or returns undefined when the user already used this key. */
export async function insertOrder(db: Executor, order: NewOrder): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(orders)
    .values({ ...order, status: 'pending', updatedAt: order.createdAt })
    .onConflictDoNothing({ target: [orders.userId, orders.idemKey] })
    .returning();
  return row;
}

export async function findByKey(
  db: Executor,
  userId: string,
  idemKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idemKey, idemKey)))
    .limit(1);
  return row;
}

export async function findByNumber(
  db: Executor,
  orderNumber: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row;
}

export async function findById(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * The relation of markPaidWith's statement that holds the order once it is paid: the gate of
 * the other modules' writes in it (ADR 0042).
 */
export const ORDER_PAID = relation('orders', 'paid');

/** What a paid order's other modules write with it, gated on ORDER_PAID (ADR 0042). */
export type PaidSteps = {
  /** The credits' posting (credits.charging), when the order brings credits. */
  credit: PostingSteps | null;
  /** Its Game Passes (codes.issuing), when it bought any. */
  passes: Step | null;
  /** The confirmation (mailer.queueing), when the buyer has an account to mail. */
  mail: Step | null;
};

/**
 * pending → paid, once, in one statement with what the order brings, all or nothing and in no
 * transaction of its own (ADR 0042): the buyer's balance is locked first (the posting's
 * `funded`, joined to the update, so every module's first lock stays the balance), then the
 * order's row is marked paid only if pending, and on it, and only on it, the credits are posted,
 * the passes issued and the confirmation queued. Of concurrent settlements of one order exactly
 * one matches. The balance the posting left (null: none posted), or undefined when the order was
 * not pending (nothing written).
 */
export async function markPaidWith(
  db: Executor,
  order: { id: string; paymentId: string; now: Date },
  steps: PaidSteps,
): Promise<{ balanceAfter: number | null } | undefined> {
  const { credit, passes, mail } = steps;
  const marked = step(
    ORDER_PAID,
    sql`update orders set status = 'paid', provider_payment_id = ${order.paymentId},
        paid_at = ${timestamp(order.now)}, updated_at = ${timestamp(order.now)}
      ${credit === null ? sql`` : sql`from ${credit.funded.relation.ref}`}
      where orders.id = ${order.id} and orders.status = 'pending'
      returning orders.id`,
  );
  // The CTEs in order: the balance locked first, then the order, then what is gated on it.
  const ctes = withSteps([credit?.funded, marked, ...(credit?.posted ?? []), passes, mail]);
  const balance =
    credit === null
      ? sql`null::int`
      : sql`(select ${credit.posting.columns.balance_after} from ${credit.posting.ref})`;
  const [paid] = await queryRows<{ balanceAfter: number | null }>(
    db,
    sql`${ctes} select ${balance} as "balanceAfter" from ${ORDER_PAID.ref}`,
  );
  return paid;
}

/** pending → failed, once; a paid order is never failed by a late answer. */
export async function markFailed(
  db: Executor,
  id: string,
  failureCode: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'failed', failureCode, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  return row;
}

/**
 * paid or pending → refunded, once (a pending one with the refunded payment's id): true when it had been paid (what it granted must come
 * back), false when it was still pending (it never will be), undefined when neither.
 */
export async function markRefunded(
  tx: Transaction,
  order: { id: string; paymentId: string | null },
  now: Date,
): Promise<{ wasPaid: boolean; refundedBefore: number } | undefined> {
  const [row] = await tx
    .select({ status: orders.status, refundedCents: orders.refundedCents })
    .from(orders)
    .where(eq(orders.id, order.id))
    .for('update');
  if (row?.status !== 'paid' && row?.status !== 'pending') return undefined;
  // A pending order learns its payment here, so that later news of the refund finds it.
  const paymentId = sql`coalesce(${orders.providerPaymentId}, ${order.paymentId})`;
  const wasPaid = row.status === 'paid';
  await tx
    .update(orders)
    .set({
      status: 'refunded',
      providerPaymentId: paymentId,
      ...(wasPaid ? { refundedCents: sql`${orders.amountCents}` } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  return { wasPaid, refundedBefore: row.refundedCents };
}

/**
 * Claims `amountCents` more of a paid order's money for a refund (ADR 0056), under the order's
 * row lock: refused unless it is paid and the amount fits in what is left; the order becomes
 * refunded when the claim reaches what was paid. What had been refunded before, and whether
 * this claim is the last.
 */
export async function claimRefundAmount(
  tx: Transaction,
  id: string,
  amountCents: number,
  now: Date,
): Promise<
  | { outcome: 'claimed'; refundedBefore: number; final: boolean }
  | { outcome: 'not_paid' }
  | { outcome: 'over'; remaining: number }
> {
  const [row] = await tx
    .select({
      status: orders.status,
      refundedCents: orders.refundedCents,
      amountCents: orders.amountCents,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (row?.status !== 'paid') return { outcome: 'not_paid' };
  const remaining = row.amountCents - row.refundedCents;
  if (amountCents < 1 || amountCents > remaining) return { outcome: 'over', remaining };
  const final = amountCents === remaining;
  await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${amountCents}`,
      ...(final ? { status: 'refunded' as const } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, id));
  return { outcome: 'claimed', refundedBefore: row.refundedCents, final };
}

export type OrderFlag = (typeof ORDER_FLAGS)[number];

export const isOrderFlag = (value: string): value is OrderFlag =>
  (ORDER_FLAGS as readonly string[]).includes(value);

/** Clears the flag if it is still `flag` (a dispute that came since stays). */
export async function unflagOrder(db: Executor, id: string, flag: OrderFlag) {
  await db
    .update(orders)
    .set({ flag: null, flaggedAt: null })
    .where(and(eq(orders.id, id), eq(orders.flag, flag)));
}

/** Flags the order for operators; a dispute outranks what it was flagged for before. */
export async function flagOrder(db: Executor, id: string, flag: OrderFlag, now: Date) {
  const notDisputed = or(isNull(orders.flag), ne(orders.flag, 'disputed'));
  await db
    .update(orders)
    .set({ flag, flaggedAt: now })
    .where(and(eq(orders.id, id), flag === 'disputed' ? undefined : notDisputed));
}

export async function findByPaymentId(db: Executor, paymentId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.providerPaymentId, paymentId))
    .limit(1);
  return row;
}

export type DisputeRecord = {
  disputeId: string;
  orderId: string;
  state: string;
  reason: string;
  amountCents: number;
  now: Date;
};

/** A dispute, or its new state when Square reports it again. */
export async function recordDispute(db: Executor, dispute: DisputeRecord) {
  const { disputeId, orderId, state, reason, amountCents, now } = dispute;
  await db
    .insert(paymentDisputes)
    .values({ id: disputeId, orderId, state, reason, amountCents, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: paymentDisputes.id, set: { state, reason, updatedAt: now } });
}

/** Flagged orders, newest flag first, each with its latest dispute if it has one. */
export async function listFlagged(db: Executor, limit: number) {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      amountCents: orders.amountCents,
      flag: orders.flag,
      flaggedAt: orders.flaggedAt,
      disputeState: paymentDisputes.state,
      disputeReason: paymentDisputes.reason,
    })
    .from(orders)
    .leftJoin(paymentDisputes, eq(paymentDisputes.orderId, orders.id))
    .where(isNotNull(orders.flag))
    .orderBy(desc(orders.flaggedAt))
    .limit(limit);
  // The checks guarantee both are set together and the flag is one of ORDER_FLAGS.
  return rows.flatMap(({ flag, flaggedAt, ...row }) =>
    flag !== null && flaggedAt !== null && isOrderFlag(flag) ? [{ ...row, flag, flaggedAt }] : [],
  );
}

/** The player's orders, newest first (ties by id), a keyset page at a time. */
export async function listForUser(db: Executor, userId: string, page: KeysetPage) {
  const { where, orderBy } = keyset(orders.createdAt, orders.id, page);
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit);
}

/** Pending orders created before `before`, oldest first: the reconciler's work list. */
export async function listStalePending(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, before)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

export async function isEventHandled(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId))
    .limit(1);
  return row !== undefined;
}

export async function recordEvent(db: Executor, eventId: string, type: string, now: Date) {
  await db.insert(webhookEvents).values({ eventId, type, receivedAt: now }).onConflictDoNothing();
}

/** What narrows the console's list of orders; `cursor` is the last order id of the page before. */
export type ConsoleOrdersFilter = {
  /** One order (the answer to a refund). */
  orderId?: string;
  status?: OrderRow['status'];
  /** 'any': flagged for any reason. */
  flag?: OrderFlag | 'any';
  between?: { from: Date; to: Date };
  cursor?: string;
  limit: number;
};

/**
 * The flag's term. Flagged orders are few, so the partial orders_flagged_idx finds them all
 * and they are sorted by time; either flag term implies that index's `flag IS NOT NULL`.
 */
function flagTerm(flag: ConsoleOrdersFilter['flag']) {
  if (flag === undefined) return undefined;
  return flag === 'any' ? isNotNull(orders.flag) : eq(orders.flag, flag);
}

/** The order's latest chargeback state ('' for none: most orders), for the console's CSV. */
const latestDisputeState = sql<string>`coalesce((select d.state from ${paymentDisputes} d
  where d.order_id = ${orders.id} order by d.updated_at desc, d.id limit 1), '')`;

/**
 * Every order, newest first, with its buyer's name, its refunds and its latest chargeback's
 * state, one page at a time.
 */
export async function listForConsole(db: Executor, filter: ConsoleOrdersFilter) {
  const { orderId, status, flag, between, cursor } = filter;
  // Keyset on (created_at, id) read from the cursor's own row, at the database's precision.
  const after =
    cursor === undefined
      ? undefined
      : sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${cursor})`;
  const rows = await db
    .select({
      order: orders,
      player: { username: playerNames.username, deleted: playerNames.deleted },
      disputeState: latestDisputeState,
    })
    .from(orders)
    .innerJoin(playerNames, eq(playerNames.userId, orders.userId))
    .where(
      and(
        orderId === undefined ? undefined : eq(orders.id, orderId),
        status === undefined ? undefined : eq(orders.status, status),
        flagTerm(flag),
        between === undefined ? undefined : gte(orders.createdAt, between.from),
        between === undefined ? undefined : lt(orders.createdAt, between.to),
        after,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit);
  return withRefunds(db, rows);
}

/**
 * The refunds of each listed order that has any, oldest first: the console shows the one that
 * waits for someone, and the CSV when the order was last refunded.
 */
async function withRefunds<Row extends { order: OrderRow }>(
  db: Executor,
  rows: Row[],
): Promise<(Row & { refunds: RefundRow[] })[]> {
  // An order that has refunded nothing has none; one refunded before it was paid (in Square's
  // dashboard) has refunded no money of ours but has its refund.
  const ids = rows
    .filter((row) => row.order.refundedCents > 0 || row.order.status === 'refunded')
    .map((row) => row.order.id);
  const found =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(orderRefunds)
          .where(inArray(orderRefunds.orderId, ids))
          .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  const byOrder = new Map<string, RefundRow[]>();
  for (const one of found) byOrder.set(one.orderId, [...(byOrder.get(one.orderId) ?? []), one]);
  return rows.map((row) => ({ ...row, refunds: byOrder.get(row.order.id) ?? [] }));
}

export type ConsoleOrderRow = Awaited<ReturnType<typeof listForConsole>>[number];

export type RefundRow = typeof orderRefunds.$inferSelect;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * The request keys of the refunds no admin keyed (ADR 0064): an admin's full refund, and one
 * made in Square's dashboard, each under its own row id, so neither can meet a console's key (a
 * uuid) nor another refund of the order.
 */
export const refundKey = {
  full: (id: string) => `full:${id}`,
  square: (id: string) => `square:${id}`,
};

/** A refund made in Square's dashboard, as against one an admin made (console or command line). */
export const madeInSquare = (row: Pick<RefundRow, 'requestKey'>) =>
  row.requestKey.startsWith(refundKey.square(''));

/** An admin's refund of the whole order at once (ADR 0027), as against one of an amount. */
export const isFullRefund = (row: Pick<RefundRow, 'requestKey'>) =>
  row.requestKey.startsWith(refundKey.full(''));

/**
 * Refunds to the card still waiting for the processor's first answer since before `before` (the
 * answer was lost): the oldest first across every order, with their orders.
 */
export async function listUnansweredRefunds(db: Executor, before: Date, limit: number) {
  return db
    .select({ order: orders, refund: orderRefunds })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.destination, 'card'),
        eq(orderRefunds.status, 'pending'),
        isNull(orderRefunds.providerRefundId),
        lt(orderRefunds.updatedAt, before),
      ),
    )
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(limit);
}

/**
 * Whether any refund of the order, in full or of an amount, is still turned down: its
 * `refund_failed` flag stays until none is.
 */
export async function hasFailedRefund(db: Executor, orderId: string): Promise<boolean> {
  const failed = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'failed')))
    .limit(1);
  return failed.length > 0;
}

/** An order's SKU (an order has one line). */
const skuOf = sql<Sku>`${orders.items} -> 0 ->> 'sku'`;

/**
 * The report's money by SKU: paid orders placed in [from, to) and their amount; and the refunds
 * made in [from, to), in full or of part (refundsMadeIn), by their order's SKU whenever it was
 * placed: the orders they refunded and the money (ADR 0062). SKUs with neither have no row.
 */
export async function revenueBySku(db: Executor, range: Range) {
  const sales = await db
    .select({
      sku: skuOf,
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        gte(orders.createdAt, range.from),
        lt(orders.createdAt, range.to),
      ),
    )
    .groupBy(sql`1`);
  const refundsMade = db
    .select({ orderId: orderRefunds.orderId, amountCents: orderRefunds.amountCents })
    .from(orderRefunds)
    .where(refundsMadeIn(range))
    .as('refunds_made');
  const refunded = await db
    .select({
      sku: skuOf,
      refundedOrders: sql<number>`count(distinct ${refundsMade.orderId})::int`,
      refundedCents: sql<number>`coalesce(sum(${refundsMade.amountCents}), 0)::int`,
    })
    .from(refundsMade)
    .innerJoin(orders, eq(orders.id, refundsMade.orderId))
    .groupBy(sql`1`);
  const skus = [...new Set([...sales, ...refunded].map((row) => row.sku))].sort();
  return skus.map((sku) => {
    const sold = sales.find((row) => row.sku === sku);
    const back = refunded.find((row) => row.sku === sku);
    return {
      sku,
      orders: sold?.orders ?? 0,
      revenueCents: sold?.revenueCents ?? 0,
      refundedOrders: back?.refundedOrders ?? 0,
      refundedCents: back?.refundedCents ?? 0,
    };
  });
}

// Each column of the statement below is named apart: the outer select names them unqualified.
/** Rows counted, as the column `name` of an aggregate. */
const rowCount = (name: string) => sql<number>`count(*)::int`.as(name);
/** The sum of an amount column, 0 over no rows, as the column `name`. */
const centsOf = (
  column: typeof orders.amountCents | typeof orderRefunds.amountCents,
  name: string,
) => sql<number>`coalesce(sum(${column}), 0)::int`.as(name);

/**
 * Refunds made in [from, to) and not turned down, in full or of part (ADR 0056; to the card or
 * as credits), each counted when it was made (ADR 0062).
 */
const refundsMadeIn = (range: Range) =>
  and(
    ne(orderRefunds.status, 'failed'),
    gte(orderRefunds.createdAt, range.from),
    lt(orderRefunds.createdAt, range.to),
  );
type Range = { from: Date; to: Date };

/**
 * The console's today, in one statement: orders placed in [from, to) and paid (refunded since
 * or not: that is the refunds' part), by orders_status_created_idx; refunds made in [from, to)
 * and not turned down, in full or of part (refundsMadeIn; refunds are few next to orders, few
 * enough to read whole); and every flagged order, by the partial orders_flagged_idx.
 */
export async function dayTakings(db: Executor, range: Range) {
  const sales = db.$with('sales').as(
    db
      .select({ count: rowCount('sales_count'), cents: centsOf(orders.amountCents, 'sales_cents') })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['paid', 'refunded']),
          gte(orders.createdAt, range.from),
          lt(orders.createdAt, range.to),
        ),
      ),
  );
  const refunds = db.$with('refunds').as(
    db
      .select({
        count: rowCount('refunds_count'),
        cents: centsOf(orderRefunds.amountCents, 'refunds_cents'),
      })
      .from(orderRefunds)
      .where(refundsMadeIn(range)),
  );
  const flagged = db.$with('flagged').as(
    db
      .select({ count: rowCount('flagged_count') })
      .from(orders)
      .where(isNotNull(orders.flag)),
  );
  const [row] = await db
    .with(sales, refunds, flagged)
    .select({
      sales: { count: sales.count, cents: sales.cents },
      refunds: { count: refunds.count, cents: refunds.cents },
      flagged: flagged.count,
    })
    .from(sales)
    .crossJoin(refunds)
    .crossJoin(flagged);
  if (row === undefined) throw new Error('An aggregate answered no row.');
  return row;
}

export type ReportedRefund = typeof reportedRefunds.$inferSelect;

/**
 * What the processor reported of one refund, whatever order its reports arrive in (the rule of
 * settleRefund: completed is final, failed replaces pending); the refund as it stands after it.
 */
export async function recordReportedRefund(
  db: Executor,
  refund: Omit<ReportedRefund, 'updatedAt'>,
  now: Date,
): Promise<ReportedRefund> {
  const incoming = sql.raw(`excluded.status`);
  const [row] = await db
    .insert(reportedRefunds)
    .values({ ...refund, updatedAt: now })
    .onConflictDoUpdate({
      target: reportedRefunds.refundId,
      set: { status: incoming, amountCents: refund.amountCents, updatedAt: now },
      setWhere: sql`${reportedRefunds.status} <> 'completed' and (${incoming} <> 'pending' or ${reportedRefunds.status} = 'pending')`,
    })
    .returning();
  if (row !== undefined) return row;
  const [kept] = await db
    .select()
    .from(reportedRefunds)
    .where(eq(reportedRefunds.refundId, refund.refundId));
  if (kept === undefined) throw new Error('A reported refund vanished.');
  return kept;
}

/** The refunds reported of a payment that did not fail, completed ones first. */
export function reportedRefundsOf(db: Executor, paymentId: string): Promise<ReportedRefund[]> {
  return db
    .select()
    .from(reportedRefunds)
    .where(and(eq(reportedRefunds.paymentId, paymentId), ne(reportedRefunds.status, 'failed')))
    .orderBy(asc(sql`${reportedRefunds.status} <> 'completed'`), asc(reportedRefunds.refundId));
}

/** A refund, once per (order, request key); undefined when that key has one. */
export async function insertRefund(
  tx: Transaction,
  refund: Omit<typeof orderRefunds.$inferInsert, 'createdAt' | 'updatedAt'> & { now: Date },
): Promise<RefundRow | undefined> {
  const { now, ...values } = refund;
  const [row] = await tx
    .insert(orderRefunds)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [orderRefunds.orderId, orderRefunds.requestKey] })
    .returning();
  return row;
}

/**
 * Takes the order's row lock, first in a refund's transaction, so that two requests under one
 * request key are told apart before either writes: the second waits here until the first has
 * committed its row, then finds it. Without it the second's insert waits on the first's later
 * update of that row through the unique index while the first waits on the order: a deadlock.
 */
export async function lockOrder(tx: Transaction, id: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
}

export async function findRefund(
  db: Executor,
  orderId: string,
  requestKey: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.requestKey, requestKey)))
    .limit(1);
  return row;
}

/** Our refund that the processor knows by `providerRefundId`, if it is one. */
export async function findRefundByProviderId(
  db: Executor,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.providerRefundId, providerRefundId))
    .limit(1);
  return row;
}

/** The order's refunds, oldest first. */
export async function listRefunds(db: Executor, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/**
 * What the processor said of the refund, whatever order its answers arrive in: completed is
 * final, failed replaces pending, pending only fills in a pending refund's id. Undefined when
 * the answer came too late to change anything.
 */
export async function settleRefund(
  db: Executor,
  id: string,
  change: { status: RefundStatus; providerRefundId?: string; failureCode?: string | null },
  now: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(orderRefunds)
    .set({
      status: change.status,
      failureCode: change.failureCode ?? null,
      updatedAt: now,
      ...(change.providerRefundId === undefined
        ? {}
        : { providerRefundId: change.providerRefundId }),
    })
    .where(
      and(
        eq(orderRefunds.id, id),
        // Accepted news never undoes an answer: only a pending refund takes it.
        change.status === 'pending'
          ? eq(orderRefunds.status, 'pending')
          : ne(orderRefunds.status, 'completed'),
      ),
    )
    .returning();
  return row;
}

/**
 * The buyer's mail a refund holds, taken off it (null when it holds none): whoever takes it
 * queues it, so it goes once. The row stays locked until the caller's transaction ends.
 */
export async function takeBuyerMail(tx: Transaction, id: string): Promise<RefundMailFacts | null> {
  const [row] = await tx
    .select({ buyerMail: orderRefunds.buyerMail })
    .from(orderRefunds)
    .where(eq(orderRefunds.id, id))
    .for('update');
  if (row === undefined || row.buyerMail === null) return null;
  await tx.update(orderRefunds).set({ buyerMail: null }).where(eq(orderRefunds.id, id));
  return row.buyerMail;
}

/**
 * A refund to the card the processor turned down, asked for again: pending with a new attempt
 * (its own idempotency key), once however many admins press at the same moment; the buyer's
 * mail, if it holds one, gives this admin's reason. Undefined when it was not failed any more.
 */
export async function retryRefund(
  db: Executor,
  id: string,
  reason: string,
  now: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(orderRefunds)
    .set({
      status: 'pending',
      failureCode: null,
      providerRefundId: null,
      attempts: sql`${orderRefunds.attempts} + 1`,
      // jsonb_set of null is null: a refund made in Square's dashboard still mails nobody.
      buyerMail: sql`jsonb_set(${orderRefunds.buyerMail}, '{reason}', to_jsonb(${reason}::text))`,
      updatedAt: now,
    })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'failed')))
    .returning();
  return row;
}
