/** Orders: one row per purchase attempt, unique per (user, Idempotency-Key) (security.md W6). */
import type { Sku } from '@questfield/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { queryRows, type Executor, type Transaction } from '../../db/client';
import { timestamp } from '../../db/sql-text';
import { relation, step, withSteps, type PostingSteps, type Step } from '../../db/steps';
import { keyset, type KeysetPage } from '../../db/keyset';
import {
  ORDER_FLAGS,
  orderPartRefunds,
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
 * Every order, newest first, with its buyer's name, its refund, its refunds of part and its
 * latest chargeback's state, one page at a time.
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
      refund: orderRefunds,
      disputeState: latestDisputeState,
    })
    .from(orders)
    .innerJoin(playerNames, eq(playerNames.userId, orders.userId))
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
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
  return withPartRefunds(db, rows);
}

/**
 * The refunds of part of each listed order that has any (ADR 0056), oldest first: the console
 * shows the one that waits for someone, and the CSV when the order was last refunded.
 */
async function withPartRefunds<Row extends { order: OrderRow }>(
  db: Executor,
  rows: Row[],
): Promise<(Row & { partRefunds: PartRefundRow[] })[]> {
  // An order that has refunded nothing has none.
  const ids = rows.filter((row) => row.order.refundedCents > 0).map((row) => row.order.id);
  const parts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(orderPartRefunds)
          .where(inArray(orderPartRefunds.orderId, ids))
          .orderBy(asc(orderPartRefunds.createdAt), asc(orderPartRefunds.id));
  const byOrder = new Map<string, PartRefundRow[]>();
  for (const part of parts) byOrder.set(part.orderId, [...(byOrder.get(part.orderId) ?? []), part]);
  return rows.map((row) => ({ ...row, partRefunds: byOrder.get(row.order.id) ?? [] }));
}

export type ConsoleOrderRow = Awaited<ReturnType<typeof listForConsole>>[number];

export type RefundRow = typeof orderRefunds.$inferSelect;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The order's refund row, written once (the unique order id); undefined when one exists. */
export async function insertRefund(
  tx: Transaction,
  refund: Pick<
    typeof orderRefunds.$inferInsert,
    | 'orderId'
    | 'amountCents'
    | 'requestedBy'
    | 'shortfallCredits'
    | 'status'
    | 'providerRefundId'
    | 'buyerMail'
  > & { now: Date },
): Promise<RefundRow | undefined> {
  const { now, ...values } = refund;
  const [row] = await tx
    .insert(orderRefunds)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: orderRefunds.orderId })
    .returning();
  return row;
}

export async function findRefund(db: Executor, orderId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .limit(1);
  return row;
}

/**
 * Refunds still waiting for the processor's first answer since before `before` (the answer was
 * lost): the oldest first, with their orders. The table holds one row per refunded order.
 */
export async function listUnansweredRefunds(db: Executor, before: Date, limit: number) {
  return db
    .select({ order: orders, refund: orderRefunds })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.status, 'pending'),
        isNull(orderRefunds.providerRefundId),
        lt(orderRefunds.updatedAt, before),
      ),
    )
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(limit);
}

/**
 * listUnansweredRefunds, for refunds of an amount to the card: several per order, so the oldest
 * first across every order, with their orders.
 */
export async function listUnansweredPartRefunds(db: Executor, before: Date, limit: number) {
  return db
    .select({ order: orders, refund: orderPartRefunds })
    .from(orderPartRefunds)
    .innerJoin(orders, eq(orders.id, orderPartRefunds.orderId))
    .where(
      and(
        eq(orderPartRefunds.destination, 'card'),
        eq(orderPartRefunds.status, 'pending'),
        isNull(orderPartRefunds.providerRefundId),
        lt(orderPartRefunds.updatedAt, before),
      ),
    )
    .orderBy(asc(orderPartRefunds.updatedAt))
    .limit(limit);
}

/**
 * Whether any refund of the order, in full or of an amount, is still turned down: its
 * `refund_failed` flag stays until none is.
 */
export async function hasFailedRefund(db: Executor, orderId: string): Promise<boolean> {
  const failedOf = (table: typeof orderRefunds | typeof orderPartRefunds) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.orderId, orderId), eq(table.status, 'failed')))
      .limit(1);
  const [full, part] = await Promise.all([failedOf(orderRefunds), failedOf(orderPartRefunds)]);
  return full.length + part.length > 0;
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
 * A failed refund asked for again: pending with a new attempt (its own idempotency key), once
 * however many admins press at the same moment; the buyer's mail, if it holds one, gives this
 * admin's reason. Undefined when it was not failed any more.
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
  const made = (table: typeof orderRefunds | typeof orderPartRefunds) =>
    db
      .select({ orderId: table.orderId, amountCents: table.amountCents })
      .from(table)
      .where(refundsMadeIn(table, range));
  const refundsMade = unionAll(made(orderRefunds), made(orderPartRefunds)).as('refunds_made');
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
  column:
    | typeof orders.amountCents
    | typeof orderRefunds.amountCents
    | typeof orderPartRefunds.amountCents,
  name: string,
) => sql<number>`coalesce(sum(${column}), 0)::int`.as(name);

/**
 * Refunds made in [from, to) and not turned down, of either table: an order's one full refund,
 * and its refunds of part (ADR 0056; to the card or as credits), each counted when it was made
 * (ADR 0062). Neither is ever both: the refund that reaches what was paid is one row of one.
 */
const refundsMadeIn = (table: typeof orderRefunds | typeof orderPartRefunds, range: Range) =>
  and(ne(table.status, 'failed'), gte(table.createdAt, range.from), lt(table.createdAt, range.to));
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
      .where(refundsMadeIn(orderRefunds, range)),
  );
  const partRefunds = db.$with('part_refunds').as(
    db
      .select({
        count: rowCount('part_refunds_count'),
        cents: centsOf(orderPartRefunds.amountCents, 'part_refunds_cents'),
      })
      .from(orderPartRefunds)
      .where(refundsMadeIn(orderPartRefunds, range)),
  );
  const flagged = db.$with('flagged').as(
    db
      .select({ count: rowCount('flagged_count') })
      .from(orders)
      .where(isNotNull(orders.flag)),
  );
  const [row] = await db
    .with(sales, refunds, partRefunds, flagged)
    .select({
      sales: { count: sales.count, cents: sales.cents },
      refunds: {
        count: sql<number>`(${refunds.count} + ${partRefunds.count})::int`,
        cents: sql<number>`(${refunds.cents} + ${partRefunds.cents})::int`,
      },
      flagged: flagged.count,
    })
    .from(sales)
    .crossJoin(refunds)
    .crossJoin(partRefunds)
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

export type PartRefundRow = typeof orderPartRefunds.$inferSelect;

/** A refund of an amount, once per (order, request key); undefined when that key has one. */
export async function insertPartRefund(
  tx: Transaction,
  refund: Omit<typeof orderPartRefunds.$inferInsert, 'createdAt' | 'updatedAt'> & { now: Date },
): Promise<PartRefundRow | undefined> {
  const { now, ...values } = refund;
  const [row] = await tx
    .insert(orderPartRefunds)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [orderPartRefunds.orderId, orderPartRefunds.requestKey] })
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

export async function findPartRefund(
  db: Executor,
  orderId: string,
  requestKey: string,
): Promise<PartRefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderPartRefunds)
    .where(and(eq(orderPartRefunds.orderId, orderId), eq(orderPartRefunds.requestKey, requestKey)))
    .limit(1);
  return row;
}

/** Our refund of an amount that the processor knows by `providerRefundId`, if it is one. */
export async function findPartRefundByProviderId(
  db: Executor,
  providerRefundId: string,
): Promise<PartRefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderPartRefunds)
    .where(eq(orderPartRefunds.providerRefundId, providerRefundId))
    .limit(1);
  return row;
}

/** The order's refunds of an amount, oldest first. */
export async function listPartRefunds(db: Executor, orderId: string): Promise<PartRefundRow[]> {
  return db
    .select()
    .from(orderPartRefunds)
    .where(eq(orderPartRefunds.orderId, orderId))
    .orderBy(asc(orderPartRefunds.createdAt), asc(orderPartRefunds.id));
}

/** settleRefund's precedence, for a refund of an amount. */
export async function settlePartRefund(
  db: Executor,
  id: string,
  change: { status: RefundStatus; providerRefundId?: string; failureCode?: string | null },
  now: Date,
): Promise<PartRefundRow | undefined> {
  const [row] = await db
    .update(orderPartRefunds)
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
        eq(orderPartRefunds.id, id),
        change.status === 'pending'
          ? eq(orderPartRefunds.status, 'pending')
          : ne(orderPartRefunds.status, 'completed'),
      ),
    )
    .returning();
  return row;
}

/** takeBuyerMail, for a refund of an amount. */
export async function takePartBuyerMail(
  tx: Transaction,
  id: string,
): Promise<RefundMailFacts | null> {
  const [row] = await tx
    .select({ buyerMail: orderPartRefunds.buyerMail })
    .from(orderPartRefunds)
    .where(eq(orderPartRefunds.id, id))
    .for('update');
  if (row === undefined || row.buyerMail === null) return null;
  await tx.update(orderPartRefunds).set({ buyerMail: null }).where(eq(orderPartRefunds.id, id));
  return row.buyerMail;
}

/** retryRefund, for a refund of an amount to the card that the processor turned down. */
export async function retryPartRefund(
  db: Executor,
  id: string,
  reason: string,
  now: Date,
): Promise<PartRefundRow | undefined> {
  const [row] = await db
    .update(orderPartRefunds)
    .set({
      status: 'pending',
      failureCode: null,
      providerRefundId: null,
      attempts: sql`${orderPartRefunds.attempts} + 1`,
      buyerMail: sql`jsonb_set(${orderPartRefunds.buyerMail}, '{reason}', to_jsonb(${reason}::text))`,
      updatedAt: now,
    })
    .where(and(eq(orderPartRefunds.id, id), eq(orderPartRefunds.status, 'failed')))
    .returning();
  return row;
}
