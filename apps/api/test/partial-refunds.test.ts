/**
 * An admin's refund of part of an order, to the card or as credits (ADR 0056): the plan says
 * exactly what a refund of that amount takes back (the order's credits in proportion, rounded
 * down, as far as the balance allows; passes only by the refund that reaches what was paid);
 * several refunds add up to at most what was paid, whoever asks at the same moment; one request
 * key is one refund however often it is sent; a refund as credits moves no money, adds the
 * amount's share of the order's credits with a ledger row in the refund's transaction, and
 * mails the buyer at once; every one is audited with its reason.
 */
import { randomUUID } from 'node:crypto';
import {
  refundOverRemainingMessage,
  type AuditEntry,
  type ConsoleOrder,
  type ConsoleOrderRefundPlan,
  type Sku,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, orderRefunds, orders, users } from '../src/db/schema';
import type { PaymentProvider } from '../src/integrations/payments/provider';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { creditsRefundedAt } from '../src/modules/orders/refunds';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { openedMails } from './helpers/outbox';
import { purchase, SQUARE_ENV } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

const START = '2026-06-01T16:00:00Z';
const REASON = 'One game was cut short';

describe('the rule for credits taken back by part of the money (ADR 0056)', () => {
  it('counts credits in proportion, rounded down, all of them at the full amount', () => {
    expect(creditsRefundedAt(16, 1799, 0)).toBe(0);
    expect(creditsRefundedAt(16, 1799, 500)).toBe(4);
    expect(creditsRefundedAt(16, 1799, 1798)).toBe(15);
    expect(creditsRefundedAt(16, 1799, 1799)).toBe(16);
    // Refunds one cent at a time never take back more than the order gave.
    let taken = 0;
    for (let cents = 1; cents <= 1799; cents += 1) {
      taken += creditsRefundedAt(16, 1799, cents) - creditsRefundedAt(16, 1799, cents - 1);
    }
    expect(taken).toBe(16);
  });
});

describe(`an admin's refund of part of an order [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let processor: TestPaymentProvider;
  /** While set, the processor refunds but its answer is lost on the way back. */
  let refundAnswersLost = false;
  let admin: Operator;
  let staff: Operator;
  let buyer: SignedUp;
  const { operator, enrol, post, reauth } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;

  const provider = (inner: TestPaymentProvider): PaymentProvider => ({
    name: 'test',
    createPayment: (request) => inner.createPayment(request),
    findPayment: (referenceId, after) => inner.findPayment(referenceId, after),
    async refundPayment(request) {
      const answer = await inner.refundPayment(request);
      return refundAnswersLost ? { outcome: 'unknown', detail: 'the answer was lost' } : answer;
    },
  });
  /** One pass of the order reconciler: how many orders and refunds it looked at. */
  const reconcile = () => servicesOf(t, provider(processor)).orders.reconcile();

  beforeEach(async () => {
    processor = createTestPaymentProvider();
    refundAnswersLost = false;
    clock.set(START);
    t = await createTestApp({
      env: SQUARE_ENV,
      clock,
      paymentProvider: provider(processor),
      operatorToken: token,
    });
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
    await reauth(admin);
    buyer = await signUp(t.app);
  });
  afterEach(() => t.close());

  async function buy(sku: Sku = 'credits-16', quantity = 1): Promise<string> {
    const answer = await postJson(t.app, 'squareCheckout', purchase(sku, quantity), {
      cookie: buyer.cookie,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: { orderNumber: string } }>(answer).order.orderNumber;
  }
  const balance = async () =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, buyer.id)))[0]
      ?.credits;
  const ledger = async () =>
    (await db().select().from(creditLedger).where(eq(creditLedger.userId, buyer.id))).map((row) => [
      row.reason,
      row.delta,
    ]);
  const orderRow = async (orderNumber: string) =>
    (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0] ??
    expect.fail(`no order ${orderNumber}`);
  const partRows = async (orderNumber: string) =>
    db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, (await orderRow(orderNumber)).id));
  const refund = (
    orderNumber: string,
    amountCents?: number,
    extra: { asCredits?: boolean; requestKey?: string; leaveShortfall?: boolean } = {},
  ) =>
    post(admin, 'consoleOrderRefund', {
      orderNumber,
      amountCents,
      reason: REASON,
      requestKey: randomUUID(),
      ...extra,
    });
  const refunded = async (...args: Parameters<typeof refund>) => {
    const answer = await refund(...args);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: ConsoleOrder }>(answer).order;
  };
  const planOf = async (orderNumber: string, amountCents?: number, asCredits?: boolean) => {
    const answer = await post(admin, 'consoleOrderRefundPlan', {
      orderNumber,
      amountCents,
      asCredits,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsoleOrderRefundPlan>(answer);
  };
  const refundMails = async () =>
    (await openedMails(t, buyer.email))
      .filter((mail) => mail.template === 'order_refunded')
      .map((mail) => mail.textBody);
  const audited = async () => {
    const answer = await post(staff, 'consoleAuditLog', { action: 'orders.refund' });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };

  it('refunds part to the card, says first what it takes back, then the rest', async () => {
    const number = await buy();
    expect(await planOf(number, 500)).toEqual({
      orderNumber: number,
      amount: '$5.00',
      takeBack: [
        { playerId: buyer.id, username: buyer.username, credits: 4, balance: 16, missing: 0 },
      ],
      passes: 0,
      missing: 0,
      amountCents: 500,
      remainingCents: 1799,
      creditsAdded: 0,
    });
    expect(await balance()).toBe(16);

    const order = await refunded(number, 500);
    expect(order).toMatchObject({ status: 'paid', refundedCents: 500, remainingCents: 1299 });
    expect(processor.refunds).toEqual([
      expect.objectContaining({ paymentId: order.providerPaymentId, amountCents: 500 }),
    ]);
    expect(await balance()).toBe(12);
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -4],
    ]);
    expect(await refundMails()).toEqual([
      expect.stringContaining(`We refunded $5.00 of your order ${number} to the card you paid`),
    ]);
    expect((await refundMails())[0]).toContain('We took back 4 credits of the credits');
    expect((await refundMails())[0]).toContain(`The reason our staff gave: ${REASON}`);
    expect((await audited())[0]).toMatchObject({
      before: { status: 'paid', refunded: '$0.00' },
      after: {
        status: 'paid',
        refunded: '$5.00',
        amount: '$5.00',
        to: 'card',
        creditsTakenBack: 4,
      },
      reason: REASON,
    });

    // More than is left is refused by the server, and nothing moves.
    const over = await refund(number, 1300);
    expect(over.statusCode).toBe(409);
    expect(jsonOf(over)).toEqual(
      refusal('REFUND_OVER_REMAINING', refundOverRemainingMessage(1299)),
    );
    expect(processor.refunds).toHaveLength(1);
    expect(await balance()).toBe(12);

    // The rest: the order is refunded and the last of its credits come back.
    expect((await planOf(number)).amountCents).toBe(1299);
    const rest = await refunded(number);
    expect(rest).toMatchObject({ status: 'refunded', refundedCents: 1799, remainingCents: 0 });
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([500, 1299]);
    expect(await balance()).toBe(0);
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -4],
      ['refund', -12],
    ]);
    expect(jsonOf(await refund(number, 1))).toEqual(refusal('ORDER_ALREADY_REFUNDED'));
    expect(await refundMails()).toHaveLength(2);
  });

  it('refunds once per request key, however often and however at once it is sent', async () => {
    const number = await buy();
    const requestKey = randomUUID();
    const answers = await Promise.all([
      refund(number, 700, { requestKey }),
      refund(number, 700, { requestKey }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const again = await refunded(number, 700, { requestKey });
    expect(again).toMatchObject({ refundedCents: 700 });
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([700]);
    expect(await partRows(number)).toHaveLength(1);
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -6],
    ]);
    expect(await refundMails()).toHaveLength(1);
  });

  it('never refunds more than was paid when admins refund at the same moment', async () => {
    const number = await buy();
    const answers = await Promise.all([1000, 1000, 1000].map((cents) => refund(number, cents)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(jsonOf(answer)).toEqual(
        refusal('REFUND_OVER_REMAINING', refundOverRemainingMessage(799)),
      );
    }
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([1000]);
    expect((await orderRow(number)).refundedCents).toBe(1000);
    // The rest, asked twice at once with different keys: one refunds it, the other is refused.
    const rest = await Promise.all([refund(number, 799), refund(number, 799)]);
    expect(rest.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(processor.refunds.reduce((sum, one) => sum + one.amountCents, 0)).toBe(1799);
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -8],
      ['refund', -8],
    ]);
  });

  it('refunds as credits: no money moves, the credits added in the same transaction', async () => {
    const number = await buy('game-pack', 2);
    const paid = (await orderRow(number)).amountCents;
    const half = Math.floor(paid / 2);
    // Part of it as credits would leave both passes working beside their worth in credits.
    expect(jsonOf(await refund(number, half, { asCredits: true }))).toEqual(
      refusal('REFUND_PASSES_IN_FULL'),
    );
    expect(await partRows(number)).toEqual([]);
    expect(await balance()).toBe(0);
    // Half to the card keeps the passes working; the rest as credits revokes them and adds the
    // rest of their worth (two Game Passes are worth 32 credits).
    await refunded(number, half);
    const added = 32 - creditsRefundedAt(32, paid, half);
    expect(added).toBeGreaterThanOrEqual(16);
    const plan = await planOf(number, paid - half, true);
    expect(plan).toMatchObject({ takeBack: [], passes: 2, creditsAdded: added });

    const order = await refunded(number, paid - half, { asCredits: true });
    expect(order).toMatchObject({ status: 'refunded', refundedCents: paid });
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([half]);
    expect(await balance()).toBe(added);
    expect(await ledger()).toEqual([['refund', added]]);
    expect(await partRows(number)).toContainEqual(
      expect.objectContaining({
        destination: 'credits',
        status: 'completed',
        creditsAdded: added,
        buyerMail: null,
      }),
    );
    const mails = await refundMails();
    expect(mails).toHaveLength(2);
    expect(mails.join('\n')).toContain(
      `We refunded ${plan.amount} of your order ${number} as credits instead of to your card: we added ${added} credits to your account.`,
    );
    expect(await audited()).toContainEqual(
      expect.objectContaining({
        after: expect.objectContaining({ to: 'credits', creditsAdded: added, amount: plan.amount }),
        reason: REASON,
      }),
    );
  });

  /** The console's Retry Refund (and `orders refund` again): no amount, no request key. */
  const retry = (orderNumber: string, reason = 'Card works again') =>
    post(admin, 'consoleOrderRefund', { orderNumber, reason });
  const listedOrder = async (orderNumber: string) => {
    const answer = await post(staff, 'consoleOrders', {});
    const listed = jsonOf<{ orders: ConsoleOrder[] }>(answer).orders;
    return listed.find((one) => one.orderNumber === orderNumber) ?? expect.fail('not listed');
  };

  it('asks again about a refund of part whose answer was lost, under the same key', async () => {
    const number = await buy();
    refundAnswersLost = true;
    const lost = await refunded(number, 500);
    expect(lost).toMatchObject({
      refundedCents: 500,
      refund: { amount: '$5.00', status: 'pending' },
    });
    expect(await refundMails()).toEqual([]);
    // Not yet: the answer may still be on its way.
    expect(await reconcile()).toBe(0);
    refundAnswersLost = false;
    clock.advance(3 * 60_000);
    expect(await reconcile()).toBe(1);
    const [row] = await partRows(number);
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
    expect(row?.providerRefundId).toMatch(/\S/);
    // The processor refunded once: the second ask was under the first one's key.
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([500]);
    expect(await reconcile()).toBe(0);
    expect(await refundMails()).toHaveLength(1);
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -4],
    ]);
  });

  it('asks again at Retry Refund about a refund of part whose answer was lost', async () => {
    const number = await buy();
    refundAnswersLost = true;
    await refunded(number, 500);
    refundAnswersLost = false;
    const again = await retry(number);
    expect(again.statusCode, again.body).toBe(200);
    expect(jsonOf<{ order: ConsoleOrder }>(again).order).toMatchObject({
      status: 'paid',
      refundedCents: 500,
      refund: { amount: '$5.00', status: 'completed' },
    });
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([500]);
    expect(await partRows(number)).toEqual([expect.objectContaining({ attempts: 1 })]);
    expect(await balance()).toBe(12);
  });

  it('retries refunds of part the processor turned down, each once, under new keys', async () => {
    const number = await buy();
    processor.declineRefunds = true;
    await refunded(number, 500);
    clock.advance(60_000);
    const second = await refunded(number, 300);
    expect(second).toMatchObject({
      status: 'paid',
      flag: 'refund_failed',
      refundedCents: 800,
      refund: { amount: '$5.00', status: 'failed', failureCode: 'REFUND_DECLINED' },
    });
    // The credits stay taken back; no mail while no money went back.
    expect(await balance()).toBe(9);
    expect(await refundMails()).toEqual([]);

    processor.declineRefunds = false;
    // The oldest first; the order stays flagged while the other is still turned down.
    const first = await retry(number);
    expect(first.statusCode, first.body).toBe(200);
    expect(jsonOf(first)).toMatchObject({
      order: { flag: 'refund_failed', refundedCents: 800, refund: { amount: '$3.00' } },
      outcome: { amount: '$5.00', status: 'completed', takenBack: 0 },
    });
    expect((await listedOrder(number)).refund).toMatchObject({ amount: '$3.00', status: 'failed' });
    const last = await retry(number, 'Second card works too');
    expect(jsonOf(last)).toMatchObject({
      order: { flag: null, status: 'paid', refundedCents: 800, remainingCents: 999 },
      outcome: { amount: '$3.00', status: 'completed' },
    });

    // Each refund reached the processor twice, under two keys, and went back once.
    const asked = processor.refunds.map(({ amountCents, idempotencyKey }) => ({
      amountCents,
      idempotencyKey,
    }));
    expect(asked.map((one) => one.amountCents)).toEqual([500, 300, 500, 300]);
    expect(new Set(asked.map((one) => one.idempotencyKey)).size).toBe(4);
    const rows = (await partRows(number)).sort((a, b) => b.amountCents - a.amountCents);
    expect(rows).toEqual([
      expect.objectContaining({ amountCents: 500, status: 'completed', attempts: 2 }),
      expect.objectContaining({ amountCents: 300, status: 'completed', attempts: 2 }),
    ]);
    // Nothing taken back twice.
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -4],
      ['refund', -3],
    ]);
    // The buyer learns of each once the money is back, with the reason of the retry.
    const mails = await refundMails();
    expect(mails).toHaveLength(2);
    expect(mails.join('\n')).toContain('The reason our staff gave: Card works again');
    expect(mails.join('\n')).toContain('The reason our staff gave: Second card works too');
    expect((await audited()).slice(0, 2)).toEqual([
      expect.objectContaining({
        after: { refund: 'asked again', amount: '$3.00' },
        reason: 'Second card works too',
      }),
      expect.objectContaining({
        after: { refund: 'asked again', amount: '$5.00' },
        reason: 'Card works again',
      }),
    ]);

    // With nothing waiting, the same request refunds what is left, once.
    const rest = await retry(number, 'The rest as well');
    expect(jsonOf(rest)).toMatchObject({ order: { status: 'refunded', refundedCents: 1799 } });
    expect(processor.refunds.map((one) => one.amountCents)).toEqual([500, 300, 500, 300, 999]);
  });

  it('refunds part from the command line: --amount and --as-credits', async () => {
    const number = await buy();
    const run = await postJson(
      t.app,
      'operatorRun',
      {
        command: 'orders refund',
        orderNumber: number,
        reason: REASON,
        amountCents: 1000,
        asCredits: true,
      },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(run.statusCode, run.body).toBe(200);
    expect(jsonOf(run)).toEqual({
      command: 'orders refund',
      orderNumber: number,
      refund: 'completed',
      failureCode: null,
      takenBack: 8,
      missing: 0,
      amount: '$10.00',
      asCredits: true,
      creditsAdded: 8,
    });
    expect(await ledger()).toEqual([
      ['purchase', 16],
      ['refund', -8],
      ['refund', 8],
    ]);
    expect(processor.refunds).toEqual([]);
    expect((await audited())[0]).toMatchObject({
      actor: { kind: 'command_line' },
      reason: REASON,
    });
  });
});
