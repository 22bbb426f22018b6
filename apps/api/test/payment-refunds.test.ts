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
import { creditLedger, orderRefunds, orders, paymentDisputes, users } from '../src/db/schema';
import type { FoundPayment, PaymentProvider } from '../src/integrations/payments/provider';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { formatResult } from '../src/cli/operator-output';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { RECONCILE_AFTER_MS } from '../src/modules/orders/orders.service';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import {
  deliverSquareEvent,
  disputeEvent,
  paymentEvent,
  refundEvent,
  SQUARE_ENV,
} from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

type OrderRow = typeof orders.$inferSelect;
const OPERATOR_TOKEN = newOperatorToken();

describe(`refunds and chargebacks [${dbKind}]`, () => {
  let t: TestApp;
  let processor: TestPaymentProvider;
  /** While set, the processor charges but its answer is lost (the order stays pending). */
  let loseAnswers = false;
  /** While set, what the processor's lookup finds for any order. */
  let lookup: FoundPayment | undefined;
  let now = new Date('2026-06-01T12:00:00Z').getTime();
  let buyer: SignedUp;
  const db = () => t.database.handle.db;

  const provider = (inner: TestPaymentProvider): PaymentProvider => ({
    name: 'test',
    async createPayment(request) {
      const result = await inner.createPayment(request);
      return loseAnswers ? { outcome: 'unknown', detail: 'connection reset' } : result;
    },
    findPayment: async (referenceId, after) => lookup ?? inner.findPayment(referenceId, after),
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
    lookup = undefined;
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

    describe('every order of the four events of a payment refunded before it completed', () => {
      const EVENTS = ['payment.created', 'payment.updated', 'refund.created', 'refund.updated'];
      const orderings = (events: readonly string[]): string[][] =>
        events.length === 0
          ? [[]]
          : events.flatMap((first, i) =>
              orderings(events.filter((_, j) => j !== i)).map((rest) => [first, ...rest]),
            );
      const cases = ['COMPLETED', 'PENDING'].flatMap((created) =>
        orderings(EVENTS).map((events) => ({ events, created })),
      );

      /** The events as Square sends them, for one payment and its one full refund. */
      function squareEvents(order: OrderRow, paymentId: string, createdStatus: string) {
        const refund = { id: `rf-${paymentId}`, paymentId, amount: order.amountCents };
        const approved = paymentEvent(order, { id: paymentId, status: 'APPROVED' });
        return {
          'payment.created': { ...approved, type: 'payment.created' },
          'payment.updated': paymentEvent(order, { id: paymentId, status: 'COMPLETED' }),
          'refund.created': refundEvent(
            { ...refund, status: createdStatus },
            randomUUID(),
            'refund.created',
          ),
          'refund.updated': refundEvent({ ...refund, status: 'COMPLETED' }),
        } as Record<string, object>;
      }

      /** What a lookup at Square finds once `seen` events have happened there. */
      function lookupAfter(seen: string[], paymentId: string, amountCents: number): FoundPayment {
        if (!seen.includes('payment.updated')) return { status: 'unknown', detail: 'APPROVED' };
        const refunded = seen.some((event) => event.startsWith('refund.')) ? amountCents : 0;
        return { status: 'completed', paymentId, amountCents, refundedCents: refunded };
      }

      /** What one order ended as: its status and flag, the credits it left, its refund. */
      async function outcomeOf(order: OrderRow) {
        const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
        const postings = await db()
          .select({ delta: creditLedger.delta })
          .from(creditLedger)
          .where(eq(creditLedger.refId, order.id));
        const [refund] = await db()
          .select()
          .from(orderRefunds)
          .where(eq(orderRefunds.orderId, order.id));
        return {
          status: row?.status,
          flag: row?.flag,
          granted: postings.reduce((sum, posting) => sum + posting.delta, 0),
          refund: refund?.status,
          refundId: refund?.providerRefundId,
        };
      }

      // One app for all 48 (an app is a fresh database on Postgres); each case its own order.
      it('ends refunded with nothing granted in all 48, the reconciler looking after each event', async () => {
        loseAnswers = true;
        const ended: object[] = [];
        const expected: object[] = [];
        const seen = new Set<string>();
        for (const { events, created } of cases) {
          expect((await checkout('credits-16')).statusCode).toBe(409);
          const mine = await db().select().from(orders).where(eq(orders.userId, buyer.id));
          const pending = mine.find((order) => !seen.has(order.id)) ?? expect.fail('no order');
          seen.add(pending.id);
          const found = await processor.findPayment(pending.orderNumber, pending.createdAt);
          const paymentId = found.status === 'completed' ? found.paymentId : '';
          const sent = squareEvents(pending, paymentId, created);
          now += RECONCILE_AFTER_MS + 1;
          for (const [i, event] of events.entries()) {
            await deliver(sent[event]!);
            // The reconciler sees the payment as Square shows it after this event.
            lookup = lookupAfter(events.slice(0, i + 1), paymentId, pending.amountCents);
            await t.app.orderReconciler.runOnce();
          }
          lookup = undefined;
          const name = `${events.join(' → ')} (refund.created ${created})`;
          ended.push({ name, ...(await outcomeOf(pending)) });
          const refundId = `rf-${paymentId}`;
          expected.push({
            name,
            status: 'refunded',
            flag: null,
            granted: 0,
            refund: 'completed',
            refundId,
          });
        }
        expect(ended).toEqual(expected);
        expect(await balanceOf(buyer)).toBe(0);
      });

      it('a refund and its payment reported at the same moment still refund the order', async () => {
        loseAnswers = true;
        for (let i = 0; i < 6; i += 1) expect((await checkout('credits-16')).statusCode).toBe(409);
        const pendings = await db().select().from(orders).where(eq(orders.userId, buyer.id));
        await Promise.all(
          pendings.flatMap((pending, i) => {
            const sent = squareEvents(pending, `sq-pay-race-${i}`, 'COMPLETED');
            return [deliver(sent['refund.created']!), deliver(sent['payment.updated']!)];
          }),
        );
        const rows = await db().select().from(orders).where(eq(orders.userId, buyer.id));
        expect(rows.map((row) => row.status)).toEqual(pendings.map(() => 'refunded'));
        expect(await balanceOf(buyer)).toBe(0);
      });
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
