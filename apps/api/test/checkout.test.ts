/**
 * Square/Checkout (security.md W5, W6; R6, R7, R11): server pricing, exactly one charge and one
 * grant per Idempotency-Key (concurrently too), declines that grant nothing, and an unknown
 * outcome that the same request settles later.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_NONCES } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codes, creditLedger, orders, users } from '../src/db/schema';
import type { PaymentProvider, PaymentResult } from '../src/integrations/payments/provider';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { purchase } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

/** A provider whose answers a test can hold back: `unknown` until `recover()` is called. */
function flakyProvider(inner: TestPaymentProvider) {
  let down = false;
  const provider: PaymentProvider = {
    name: 'test',
    async createPayment(request): Promise<PaymentResult> {
      const result = await inner.createPayment(request);
      return down ? { outcome: 'unknown', detail: 'timeout' } : result;
    },
    findPayment: (referenceId, createdAfter) =>
      down
        ? Promise.resolve({ status: 'unknown', detail: 'timeout' })
        : inner.findPayment(referenceId, createdAfter),
    refundPayment: (request) => inner.refundPayment(request),
  };
  return { provider, fail: () => (down = true), recover: () => (down = false) };
}

describe(`Square/Checkout [${dbKind}]`, () => {
  let t: TestApp;
  let payments: TestPaymentProvider;
  let flaky: ReturnType<typeof flakyProvider>;
  let buyer: SignedUp;
  const db = () => t.database.handle.db;

  const checkout = (body: unknown, key: string | null = randomUUID(), who = buyer) =>
    postJson(t.app, 'squareCheckout', body, {
      cookie: who.cookie,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;

  beforeEach(async () => {
    payments = createTestPaymentProvider();
    flaky = flakyProvider(payments);
    t = await createTestApp({ paymentProvider: flaky.provider });
    buyer = await signUp(t.app);
  });
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    await t.close();
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  it('buys 16 credits: the catalogue price is charged and the balance answered', async () => {
    const response = await checkout(purchase('credits-16'));
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toMatchObject({
      message:
        'Payment successful! 16 credits have been added to your account. You will receive a confirmation email shortly.',
      credits: 16,
      order: { status: 'paid', amount: '$17.99', credits: 16, lines: [{ label: '16 Credits' }] },
    });
    expect(payments.charges.map((charge) => charge.amountCents)).toEqual([1799]);
    expect(await balanceOf(buyer.id)).toBe(16);
    const [order] = await db().select().from(orders).where(eq(orders.userId, buyer.id));
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, buyer.id));
    expect(ledger).toMatchObject([{ delta: 16, reason: 'purchase', refId: order?.id }]);
    // One confirmation, to the buyer by the name the session carried.
    const mails = await openedMails(t, buyer.email);
    expect(mails.map((mail) => mail.template)).toEqual(['order_confirmation']);
    expect(mails[0]?.textBody).toContain(`Hi ${buyer.username},`);
  });

  it('shows the order number of a purchase in the credit history, none elsewhere', async () => {
    const bought = jsonOf<{ order: { orderNumber: string } }>(
      await checkout(purchase('credits-16')),
    );
    const history = await postJson(t.app, 'usersCreditHistory', {}, { cookie: buyer.cookie });
    expect(jsonOf(history)).toMatchObject({
      entries: [{ reason: 'purchase', delta: 16, orderNumber: bought.order.orderNumber }],
    });
    const other = await signUp(t.app);
    const empty = await postJson(t.app, 'usersCreditHistory', {}, { cookie: other.cookie });
    expect(jsonOf(empty)).toMatchObject({ entries: [] });
  });

  it('pre-orders a Host Pack with the items message and no credits', async () => {
    const response = await checkout(purchase('host-pack'));
    expect(jsonOf(response)).toMatchObject({
      message:
        'Payment successful! Your purchase has been completed. You will receive a confirmation email shortly.',
      credits: 0,
      order: { amount: '$350.00', lines: [{ label: 'Host Pack pre-order' }] },
    });
  });

  it('prices 25 Game Packs at $400 and lists what they bring', async () => {
    const response = await checkout(purchase('game-pack', 25));
    expect(response.statusCode).toBe(200);
    expect(payments.charges.at(-1)?.amountCents).toBe(40000);
    expect(jsonOf(response)).toMatchObject({
      order: {
        lines: [{ label: 'Game Pack x25', includes: expect.arrayContaining(['7 soundtracks']) }],
      },
    });
  });

  it('issues one Game Pass per Game Pack, listed for the buyer and mailed in the confirmation', async () => {
    const response = await checkout(purchase('game-pack', 25));
    const { orderNumber } = jsonOf<{ order: { orderNumber: string } }>(response).order;
    const listed = jsonOf<{
      gamePasses: { code: string; orderNumber: string; redeemed: boolean }[];
    }>(await postJson(t.app, 'ordersList', {}, { cookie: buyer.cookie })).gamePasses;
    expect(listed).toHaveLength(25);
    expect(new Set(listed.map((pass) => pass.code)).size).toBe(25);
    for (const pass of listed) {
      expect(pass).toEqual({
        code: expect.stringMatching(
          /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
        ),
        orderNumber,
        redeemed: false,
        redeemedAt: null,
      });
    }
    const rows = await db().select().from(codes).where(eq(codes.ownerId, buyer.id));
    const atRest = JSON.stringify(rows);
    expect(listed.some((pass) => atRest.includes(pass.code))).toBe(false);
    const [mail] = await openedMails(t, buyer.email);
    expect(mail?.subject).toBe(`Your Questfield order ${orderNumber}`);
    for (const pass of listed) expect(mail?.textBody).toContain(pass.code);
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it('shows no one else’s Game Passes', async () => {
    await checkout(purchase('game-pack', 2));
    const other = await signUp(t.app);
    const response = await postJson(t.app, 'ordersList', {}, { cookie: other.cookie });
    expect(jsonOf(response)).toEqual({ orders: [], gamePasses: [], ownsSoundtracks: false });
  });

  it('refuses a total the catalogue does not charge (409) and charges nothing', async () => {
    const response = await checkout(purchase('credits-64', 1, { total: '$0.01' }));
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response)).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(payments.charges).toHaveLength(0);
  });

  it.each([
    ['quantity −1', { quantity: -1, items: 'Game Pack' }],
    ['quantity 0', { quantity: 0, items: 'Game Pack' }],
    ['quantity 1.5', { quantity: 1.5, items: 'Game Pack' }],
    ['quantity 51', { quantity: 51, items: 'Game Pack', total: '$509.49' }],
    ['quantity 1e9', { quantity: 1e9, items: 'Game Pack' }],
    ['quantity "x"', { quantity: 'x', items: 'Game Pack' }],
    ['an unknown sku', { sku: 'credits-1000', items: 'Credits' }],
    ['items that disagree', { items: [{ id: 'credits-64', qty: 1 }] }],
    ['two of a credit pack', { sku: 'credits-16', quantity: 2, items: '16 Credits' }],
    ['no token', { paymentToken: '' }],
    ['a total without $', { total: '39.99' }],
    ['an extra field', { amount: 1 }],
  ])('answers 400 for %s and charges nothing', async (_name, change) => {
    const response = await checkout({ ...purchase('game-pack'), ...change });
    expect(response.statusCode).toBe(400);
    expect(payments.charges).toHaveLength(0);
  });

  it('needs an Idempotency-Key', async () => {
    expect((await checkout(purchase('credits-16'), null)).statusCode).toBe(400);
    expect((await checkout(purchase('credits-16'), 'short')).statusCode).toBe(400);
    expect(payments.charges).toHaveLength(0);
  });

  it('declines grant nothing and say why', async () => {
    const response = await checkout(
      purchase('credits-32', 1, { paymentToken: SANDBOX_NONCES.declined }),
    );
    expect(response.statusCode).toBe(402);
    expect(jsonOf(response)).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Your card was declined. Please use another card.',
    });
    expect(await balanceOf(buyer.id)).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ status: 'failed', failureCode: 'GENERIC_DECLINE' });
  });

  it('R6: the same key 10 times at once is one charge, one order and one grant', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => checkout(purchase('credits-48'), key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const numbers = new Set(
      responses.map(
        (response) => jsonOf<{ order: { orderNumber: string } }>(response).order.orderNumber,
      ),
    );
    expect(numbers.size).toBe(1);
    expect(payments.charges).toHaveLength(1);
    expect(await balanceOf(buyer.id)).toBe(48);
    expect(await db().select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
  });

  it('50 buyers at once, each buying twice: every purchase answered and granted once', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const purchases = buyers.flatMap((who) => [who, who]);
    const responses = await Promise.all(
      purchases.map((who) => checkout(purchase('credits-16'), randomUUID(), who)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array(purchases.length).fill(200),
    );
    expect(payments.charges).toHaveLength(purchases.length);
    for (const who of buyers) expect(await balanceOf(who.id)).toBe(32);
  });

  it('refuses the same key with another body, charging nothing more', async () => {
    const key = randomUUID();
    await checkout(purchase('credits-16'), key);
    const response = await checkout(purchase('credits-64'), key);
    expect(response.statusCode).toBe(422);
    expect(jsonOf(response)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(payments.charges).toHaveLength(1);
    expect(await balanceOf(buyer.id)).toBe(16);
  });

  it('a key is per player: another player’s key is a new order', async () => {
    const other = await signUp(t.app);
    const key = randomUUID();
    await checkout(purchase('credits-16'), key);
    const response = await checkout(purchase('credits-16'), key, other);
    expect(response.statusCode).toBe(200);
    expect(await balanceOf(other.id)).toBe(16);
  });

  it('R11: an unknown outcome keeps the order pending; the same request settles it once', async () => {
    const key = randomUUID();
    flaky.fail();
    const first = await checkout(purchase('credits-16'), key);
    expect(first.statusCode).toBe(409);
    expect(jsonOf(first)).toMatchObject({ code: 'PAYMENT_PENDING' });
    expect(await balanceOf(buyer.id)).toBe(0);
    flaky.recover();
    const again = await checkout(purchase('credits-16'), key);
    expect(again.statusCode).toBe(200);
    const third = await checkout(purchase('credits-16'), key);
    expect(jsonOf(third)).toMatchObject({ credits: 16, order: { status: 'paid' } });
    expect(payments.charges).toHaveLength(1);
    expect(await balanceOf(buyer.id)).toBe(16);
  });

  it('lists the player’s own orders, newest first', async () => {
    await checkout(purchase('credits-16'));
    await checkout(purchase('host-pack'));
    const other = await signUp(t.app);
    await checkout(purchase('credits-64'), randomUUID(), other);
    const response = await postJson(t.app, 'ordersList', {}, { cookie: buyer.cookie });
    const listed = jsonOf<{ orders: { amount: string }[]; ownsSoundtracks: boolean }>(response);
    expect(listed.orders.map((order) => order.amount).sort()).toEqual(['$17.99', '$350.00']);
    // Credit packs and a Host Pack bring no soundtracks.
    expect(listed.ownsSoundtracks).toBe(false);
  });

  it('needs a session', async () => {
    const response = await postJson(t.app, 'squareCheckout', purchase('credits-16'), {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(401);
  });
});
