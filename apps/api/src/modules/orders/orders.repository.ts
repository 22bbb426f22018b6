/** Orders: one row per purchase attempt, unique per (user, Idempotency-Key) (security.md W6). */
import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { ORDER_FLAGS, orders, paymentDisputes, webhookEvents } from '../../db/schema/orders';

export type OrderRow = typeof orders.$inferSelect;
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
 * pending → paid, once: the conditional update is what makes fulfilment exactly-once when
 * the checkout, a webhook and the reconciler race for the same order.
 */
export async function markPaid(
  db: Executor,
  id: string,
  paymentId: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'paid', providerPaymentId: paymentId, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  return row;
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
 * paid or pending → refunded, once: true when it had been paid (what it granted must come
 * back), false when it was still pending (it never will be), undefined when neither.
 */
export async function markRefunded(
  tx: Transaction,
  id: string,
  now: Date,
): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (row?.status !== 'paid' && row?.status !== 'pending') return undefined;
  await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, id));
  return row.status === 'paid';
}

export type OrderFlag = (typeof ORDER_FLAGS)[number];

export const isOrderFlag = (value: string): value is OrderFlag =>
  (ORDER_FLAGS as readonly string[]).includes(value);

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

export async function listForUser(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
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
