/**
 * Refunds and chargebacks, whatever order Square's reports arrive in (security.md W8; R1): a
 * refund takes back everything its order gave, Game Passes included; a refund reported before
 * the payment leaves nothing granted; a report about another amount or payment pays nothing;
 * a dispute is recorded and flags its order for operators.
 */
import { randomUUID } from 'node:crypto';
import {
  formatUsd,
  operatorResult,
  priceCents,
  SANDBOX_NONCES,
  type Sku,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, orders, paymentDisputes, users } from '../src/db/schema';
import type { PaymentProvider } from '../src/integrations/payments/provider';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { formatResult } from '../src/cli/operator-output';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { RECONCILE_AFTER_MS } from '../src/modules/orders/orders.service';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { deliverSquareEvent, disputeEvent, paymentEvent, SQUARE_ENV } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

type OrderRow = typeof orders.$inferSelect;
const OPERATOR_TOKEN = newOperatorToken();

describe(`refunds and chargebacks [${dbKind}]`, () => {
  let t: TestApp;
  let processor: TestPaymentProvider;
  /** While set, the processor charges but its answer is lost (the order stays pending). */
  let loseAnswers = false;
  let now = new Date('2026-06-01T12:00:00Z').getTime();
  let buyer: SignedUp;
  const db = () => t.database.handle.db;

  const provider = (inner: TestPaymentProvider): PaymentProvider => ({
    name: 'test',
    async createPayment(request) {
      const result = await inner.createPayment(request);
      return loseAnswers ? { outcome: 'unknown', detail: 'connection reset' } : result;
    },
    findPayment: (referenceId, after) => inner.findPayment(referenceId, after),
    refundPayment: (request) => inner.refundPayment(request),
  });

  const checkout = (sku: Sku, quantity = 1, who: SignedUp = buyer) =>
    postJson(
      t.app,
      'squareCheckout',
      {
        items: [{ id: sku, qty: quantity }],
        total: formatUsd(priceCents(sku, quantity)),
        paymentToken: SANDBOX_NONCES.ok,
        sku,
        quantity,
      },
      { cookie: who.cookie, headers: { 'idempotency-key': randomUUID() } },
    );
  const balanceOf = async (who: SignedUp) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, who.id)))[0]
      ?.credits;
  const lastOrder = async (): Promise<OrderRow> => {
    const rows = await db().select().from(orders).where(eq(orders.userId, buyer.id));
    const row = rows.at(-1);
    if (row === undefined) throw new Error('no order');
    return row;
  };
  const ledgerOf = async (who: SignedUp) =>
    (await db().select().from(creditLedger).where(eq(creditLedger.userId, who.id))).map((row) => [
      row.reason,
      row.delta,
    ]);
  const deliver = async (event: object) => {
    const response = await deliverSquareEvent(t.app, event);
    expect(response.statusCode, response.body).toBe(200);
  };
  const refundOf = (order: OrderRow) =>
    paymentEvent(order, {
      id: order.providerPaymentId ?? 'sq-pay-1',
      status: 'COMPLETED',
      refunded: order.amountCents,
    });
  const redeem = (who: SignedUp, code: string) =>
    postJson(t.app, 'usersRedeemCode', { code }, { cookie: who.cookie });

  beforeEach(async () => {
    processor = createTestPaymentProvider();
    loseAnswers = false;
    const clock = { now: () => new Date(now) };
    t = await createTestApp({
      env: SQUARE_ENV,
      clock,
      paymentProvider: provider(processor),
      operatorToken: OPERATOR_TOKEN,
    });
    buyer = await signUp(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  describe('a refunded Game Pack takes its Game Passes back', () => {
    it('revokes the unredeemed pass and takes back the credits of the redeemed one', async () => {
      expect((await checkout('game-pack', 2)).statusCode).toBe(200);
      const listed = await postJson(t.app, 'ordersList', {}, { cookie: buyer.cookie });
      const [first, second] = jsonOf<{ gamePasses: { code: string }[] }>(listed).gamePasses;
      const friend = await signUp(t.app);
      const stranger = await signUp(t.app);
      expect((await redeem(friend, first!.code)).statusCode).toBe(200);
      expect(await balanceOf(friend)).toBe(16);

      await deliver(refundOf(await lastOrder()));

      expect((await lastOrder()).status).toBe('refunded');
      const late = await redeem(stranger, second!.code);
      expect(late.statusCode).toBe(400);
      expect(await balanceOf(stranger)).toBe(0);
      expect(await balanceOf(friend)).toBe(0);
      expect(await ledgerOf(friend)).toEqual([
        ['redeem', 16],
        ['refund', -16],
      ]);
      const owns = await postJson(t.app, 'ordersList', {}, { cookie: friend.cookie });
      expect(jsonOf<{ ownsSoundtracks: boolean }>(owns).ownsSoundtracks).toBe(false);
    });

    it('takes back only what is left when the redeemer spent some, and only once', async () => {
      expect((await checkout('game-pack', 1)).statusCode).toBe(200);
      const listed = await postJson(t.app, 'ordersList', {}, { cookie: buyer.cookie });
      const [pass] = jsonOf<{ gamePasses: { code: string }[] }>(listed).gamePasses;
      expect((await redeem(buyer, pass!.code)).statusCode).toBe(200);
      expect((await checkout('credits-16')).statusCode).toBe(200);
      expect(await balanceOf(buyer)).toBe(32);
      const pack = (await db().select().from(orders).where(eq(orders.kind, 'game_pack')))[0]!;

      await deliver(refundOf(pack));
      await deliver(refundOf(pack));

      // The pass's 16 came back; the credit pack bought separately stays.
      expect(await balanceOf(buyer)).toBe(16);
      expect(await ledgerOf(buyer)).toEqual([
        ['redeem', 16],
        ['purchase', 16],
        ['refund', -16],
      ]);
    });
  });

  describe('no refund is lost to the order of events', () => {
    it('a refund reported while the order is pending wins over the later COMPLETED', async () => {
      loseAnswers = true;
      expect((await checkout('credits-16')).statusCode).toBe(409);
      const pending = await lastOrder();
      expect(pending.status).toBe('pending');
      const paymentId = 'sq-pay-early-refund';
      await deliver(
        paymentEvent(pending, {
          id: paymentId,
          status: 'COMPLETED',
          refunded: pending.amountCents,
        }),
      );
      await deliver(paymentEvent(pending, { id: paymentId, status: 'COMPLETED' }));
      expect((await lastOrder()).status).toBe('refunded');
      expect(await balanceOf(buyer)).toBe(0);
      expect(await ledgerOf(buyer)).toEqual([]);
    });

    it('the reconciler refunds a pending order whose payment was refunded at Square', async () => {
      loseAnswers = true;
      expect((await checkout('credits-32')).statusCode).toBe(409);
      const pending = await lastOrder();
      expect(processor.refund(pending.orderNumber)).toBe(true);
      now += RECONCILE_AFTER_MS + 1;
      await t.app.orderReconciler.runOnce();
      expect((await lastOrder()).status).toBe('refunded');
      expect(await balanceOf(buyer)).toBe(0);
      expect(await ledgerOf(buyer)).toEqual([]);
    });

    it('a COMPLETED event for another amount pays nothing and flags the order', async () => {
      loseAnswers = true;
      expect((await checkout('credits-16')).statusCode).toBe(409);
      const pending = await lastOrder();
      await deliver(paymentEvent(pending, { id: 'sq-pay-cent', status: 'COMPLETED', amount: 1 }));
      expect(await lastOrder()).toMatchObject({ status: 'pending', flag: 'payment_mismatch' });
      expect(await balanceOf(buyer)).toBe(0);
    });

    it('a refund of another payment takes nothing back and flags the order', async () => {
      expect((await checkout('credits-16')).statusCode).toBe(200);
      const paid = await lastOrder();
      await deliver(
        paymentEvent(paid, { id: 'sq-other', status: 'COMPLETED', refunded: paid.amountCents }),
      );
      expect(await lastOrder()).toMatchObject({ status: 'paid', flag: 'payment_mismatch' });
      expect(await balanceOf(buyer)).toBe(16);
    });

    it('a partial refund takes nothing back on its own and flags the order', async () => {
      expect((await checkout('credits-32')).statusCode).toBe(200);
      const paid = await lastOrder();
      await deliver(
        paymentEvent(paid, { id: paid.providerPaymentId!, status: 'COMPLETED', refunded: 100 }),
      );
      expect(await lastOrder()).toMatchObject({ status: 'paid', flag: 'partially_refunded' });
      expect(await balanceOf(buyer)).toBe(32);
    });
  });

  it('a chargeback is recorded, flags its order and is listed for operators', async () => {
    expect((await checkout('credits-16')).statusCode).toBe(200);
    const paid = await lastOrder();
    const dispute = { id: 'dp-1', paymentId: paid.providerPaymentId!, amount: paid.amountCents };
    await deliver(disputeEvent(dispute));
    await deliver(
      disputeEvent({ ...dispute, state: 'WON' }, randomUUID(), 'dispute.state.updated'),
    );
    expect(await lastOrder()).toMatchObject({ status: 'paid', flag: 'disputed' });
    const [recorded] = await db().select().from(paymentDisputes);
    expect(recorded).toMatchObject({ id: 'dp-1', orderId: paid.id, state: 'WON' });
    const listed = await postJson(
      t.app,
      'operatorRun',
      { command: 'orders flagged', limit: 10 },
      { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } },
    );
    const result = operatorResult.parse(jsonOf(listed));
    expect(formatResult(result).split('\n')).toEqual([
      'order,status,amount,flag,flagged_at,dispute',
      `${paid.orderNumber},paid,$17.99,disputed,${new Date(now).toISOString()},WON (NO_KNOWLEDGE)`,
    ]);
    // A later partial refund does not hide the chargeback.
    await deliver(
      paymentEvent(paid, { id: paid.providerPaymentId!, status: 'COMPLETED', refunded: 1 }),
    );
    expect((await lastOrder()).flag).toBe('disputed');
  });

  it.each([
    ['reference_id', { reference_id: 'QF-\u0000' }],
    ['id', { id: 'sq\u0000pay' }],
    ['status', { status: 'COMP\u0000LETED' }],
  ])(
    'a signed event with a NUL byte in %s is refused with 400 and changes nothing',
    async (_f, bad) => {
      const pending = { orderNumber: 'QF-0000000000' };
      const event = paymentEvent(pending, { id: 'sq-pay', status: 'COMPLETED' });
      Object.assign(event.data.object.payment, bad);
      const response = await deliverSquareEvent(t.app, event);
      expect(response.statusCode).toBe(400);
      const nulType = { ...event, event_id: randomUUID(), type: 'payment.\u0000' };
      expect((await deliverSquareEvent(t.app, nulType)).statusCode).toBe(400);
    },
  );
});
