/**
 * Orders settled after the checkout answered (security.md W6 (f), W8; R1, R11): Square's
 * signed webhook events, applied once per event id, and the reconciler that finishes orders a
 * crash or a lost answer left pending. Every path grants exactly once.
 */
import { randomUUID } from 'node:crypto';
import { formatUsd, priceCents, SANDBOX_NONCES, type Sku } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codes, creditLedger, emailOutbox, orders, users } from '../src/db/schema';
import { squareSignature } from '../src/integrations/payments/square-webhook';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { ABANDON_AFTER_MS, RECONCILE_AFTER_MS } from '../src/modules/orders/orders.service';
import type { Clock } from '../src/lib/clock';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import {
  deliverSquareEvent,
  lostAnswers,
  paymentEvent,
  SQUARE_ENV,
  SQUARE_WEBHOOK_URL,
} from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

/** A clock a test can move. */
function movableClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe(`payment settlement [${dbKind}]`, () => {
  let t: TestApp;
  let payments: TestPaymentProvider;
  let clock: ReturnType<typeof movableClock>;
  let buyer: SignedUp;
  const db = () => t.database.handle.db;

  const checkout = (sku: Sku, paymentToken: string = SANDBOX_NONCES.ok) =>
    postJson(
      t.app,
      'squareCheckout',
      { items: 'x', total: formatUsd(priceCents(sku, 1)), paymentToken, sku, quantity: 1 },
      { cookie: buyer.cookie, headers: { 'idempotency-key': randomUUID() } },
    );
  const balance = async () =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, buyer.id)))[0]
      ?.credits;
  const onlyOrder = async () =>
    (await db().select().from(orders).where(eq(orders.userId, buyer.id)))[0];

  const deliver = (event: object, signature?: string) =>
    deliverSquareEvent(t.app, event, signature);

  beforeEach(async () => {
    payments = createTestPaymentProvider();
    clock = movableClock('2026-06-01T12:00:00Z');
    t = await createTestApp({ env: SQUARE_ENV, clock, paymentProvider: lostAnswers(payments) });
    buyer = await signUp(t.app);
  });
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    await t.close();
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  it('a signed payment.updated COMPLETED grants a pending order once, however often sent', async () => {
    expect((await checkout('credits-16')).statusCode).toBe(409);
    const order = await onlyOrder();
    expect(order?.status).toBe('pending');
    const event = paymentEvent(order!, { id: 'sq-pay-1', status: 'COMPLETED' });
    for (let i = 0; i < 3; i += 1) expect((await deliver(event)).statusCode).toBe(200);
    await deliver(paymentEvent(order!, { id: 'sq-pay-1', status: 'COMPLETED' }));
    expect(await balance()).toBe(16);
    expect((await onlyOrder())?.status).toBe('paid');
  });

  it('COMPLETED events for one Game Pack order at once: its passes and mail once', async () => {
    expect((await checkout('game-pack')).statusCode).toBe(409);
    const order = await onlyOrder();
    // Each its own event (none deduplicated as a repeat): every one tries to mark the order paid.
    const events = Array.from({ length: 8 }, () =>
      paymentEvent(order!, { id: 'sq-pay-9', status: 'COMPLETED' }),
    );
    const answers = await Promise.all(events.map((event) => deliver(event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect((await onlyOrder())?.status).toBe('paid');
    const passes = await db().select().from(codes).where(eq(codes.orderId, order!.id));
    expect(passes).toHaveLength(1);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'order_confirmation'));
    expect(mails).toHaveLength(1);
    expect(await balance()).toBe(order!.credits);
  });

  it('refuses an unsigned or forged event and changes nothing', async () => {
    await checkout('credits-16');
    const order = await onlyOrder();
    const event = paymentEvent(order!, { id: 'sq-pay-1', status: 'COMPLETED' });
    const forged = squareSignature('another-key', SQUARE_WEBHOOK_URL, JSON.stringify(event));
    expect((await deliver(event, forged)).statusCode).toBe(401);
    expect((await deliver(event, '')).statusCode).toBe(401);
    expect(await balance()).toBe(0);
  });

  it('answers 400 for a signed body that is not a Square event', async () => {
    expect((await deliver({ hello: 'world' })).statusCode).toBe(400);
  });

  it('a FAILED event fails the pending order and grants nothing', async () => {
    await checkout('credits-16');
    const order = await onlyOrder();
    await deliver(paymentEvent(order!, { id: 'sq-pay-2', status: 'FAILED' }));
    expect((await onlyOrder())?.status).toBe('failed');
    expect(await balance()).toBe(0);
  });

  it('a full refund takes the credits back once', async () => {
    await checkout('credits-16');
    const order = await onlyOrder();
    await deliver(paymentEvent(order!, { id: 'sq-pay-3', status: 'COMPLETED' }));
    const refund = { id: 'sq-pay-3', status: 'COMPLETED', refunded: 1799 };
    await deliver(paymentEvent(order!, refund));
    await deliver(paymentEvent(order!, refund));
    expect((await onlyOrder())?.status).toBe('refunded');
    expect(await balance()).toBe(0);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, buyer.id));
    expect(ledger.map((row) => [row.reason, row.delta])).toEqual([
      ['purchase', 16],
      ['refund', -16],
    ]);
  });

  it('R11: the reconciler completes a charged order whose answer was lost, exactly once', async () => {
    expect((await checkout('credits-32')).statusCode).toBe(409);
    // Too fresh: the checkout may still be answering.
    await t.app.orderReconciler.runOnce();
    expect((await onlyOrder())?.status).toBe('pending');
    clock.advance(RECONCILE_AFTER_MS + 1);
    await Promise.all([t.app.orderReconciler.runOnce(), t.app.orderReconciler.runOnce()]);
    await t.app.orderReconciler.runOnce();
    expect((await onlyOrder())?.status).toBe('paid');
    expect(await balance()).toBe(32);
    expect(payments.charges).toHaveLength(1);
  });

  it('the reconciler fails an order the processor never saw, after a while', async () => {
    expect((await checkout('credits-16', 'cnon:never-reached')).statusCode).toBe(409);
    clock.advance(RECONCILE_AFTER_MS + 1);
    await t.app.orderReconciler.runOnce();
    expect((await onlyOrder())?.status).toBe('pending');
    clock.advance(ABANDON_AFTER_MS);
    await t.app.orderReconciler.runOnce();
    expect(await onlyOrder()).toMatchObject({ status: 'failed', failureCode: 'NO_PAYMENT' });
    expect(await balance()).toBe(0);
    expect(jsonOf(await postJson(t.app, 'ordersList', {}, { cookie: buyer.cookie }))).toMatchObject(
      {
        orders: [{ status: 'failed' }],
      },
    );
  });
});
