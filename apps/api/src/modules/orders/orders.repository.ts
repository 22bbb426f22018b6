/** Orders: one row per purchase attempt, unique per (user, Idempotency-Key) (security.md W6). */
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, webhookEvents } from '../../db/schema';

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

/** paid → refunded, once. */
export async function markRefunded(
  db: Executor,
  id: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'refunded', updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
    .returning();
  return row;
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
