/**
 * The console's orders and an admin's full refund: every order listed newest first (by status,
 * by venue day, a page at a time); a refund returns the money through the processor and takes
 * back what the order gave, once, whoever asks how often or at the same moment; credits already
 * spent are shown before and refused unless the admin leaves the balance at zero; a refund the
 * processor turns down keeps the credits taken back, flags the order, and can be retried; a
 * refund made in Square's dashboard ends in the same state through refund.updated, whatever
 * order its events arrive in. Every admin's refund says why: the audit log keeps the reason, and
 * the buyer is mailed it with what went back, once, when the money is back on the card. Any body
 * is answered, never with a 500.
 */
import { randomUUID } from 'node:crypto';
import {
  formatUsd,
  ORDERS_PAGE_SIZE,
  priceCents,
  refundShortfallMessage,
  type AuditEntry,
  type AvailableTime,
  type CancelRegistrationResponse,
  type ConsoleOrder,
  type ConsoleOrderRefundPlan,
  type Sku,
  type UserEvent,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, orderRefunds, orders, users } from '../src/db/schema';
import type { PaymentProvider, RefundResult } from '../src/integrations/payments/provider';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { openedMails } from './helpers/outbox';
import { deliverSquareEvent, purchase, refundEvent, SQUARE_ENV } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

const START = '2026-06-01T16:00:00Z';
/** Why the admins in these tests refund. */
const REASON = 'Bought by mistake';

describe(`the console's orders and refunds [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let processor: TestPaymentProvider;
  /** While set, the processor accepts refunds as PENDING (Square finishes them later). */
  let refundsPending = false;
  /** While set, the processor refunds but its answer is lost on the way back. */
  let refundAnswersLost = false;
  let staff: Operator;
  let admin: Operator;
  let buyer: SignedUp;
  const { operator, enrol, post, reauth, answersAnyBody } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;

  const provider = (inner: TestPaymentProvider): PaymentProvider => ({
    name: 'test',
    createPayment: (request) => inner.createPayment(request),
    findPayment: (referenceId, after) => inner.findPayment(referenceId, after),
    async refundPayment(request): Promise<RefundResult> {
      const answer = await inner.refundPayment(request);
      if (refundAnswersLost) return { outcome: 'unknown', detail: 'the answer was lost' };
      return refundsPending && answer.outcome === 'completed'
        ? { ...answer, outcome: 'pending' }
        : answer;
    },
  });

  beforeEach(async () => {
    processor = createTestPaymentProvider();
    refundsPending = false;
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

  /** A paid order of `sku` for `who`; its order number. */
  async function buy(sku: Sku = 'credits-16', quantity = 1, who = buyer): Promise<string> {
    const answer = await postJson(t.app, 'squareCheckout', purchase(sku, quantity), {
      cookie: who.cookie,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: { orderNumber: string } }>(answer).order.orderNumber;
  }
  const balanceOf = async (who: { id: string }) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, who.id)))[0]
      ?.credits;
  const ledgerOf = async (who: { id: string }) =>
    (await db().select().from(creditLedger).where(eq(creditLedger.userId, who.id))).map((row) => [
      row.reason,
      row.delta,
    ]);
  const orderRow = async (orderNumber: string) =>
    (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0] ??
    expect.fail(`no order ${orderNumber}`);
  const refundRows = async (orderNumber: string) =>
    db()
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, (await orderRow(orderNumber)).id));
  const refund = (orderNumber: string, leaveShortfall?: boolean, who = admin, reason = REASON) =>
    post(who, 'consoleOrderRefund', { orderNumber, leaveShortfall, reason });
  /** The refund mails `who` was sent, newest first, as text. */
  const refundMails = async (who = buyer) =>
    (await openedMails(t, who.email))
      .filter((mail) => mail.template === 'order_refunded')
      .map((mail) => ({ subject: mail.subject, text: mail.textBody }));
  const planOf = async (orderNumber: string) => {
    const answer = await post(admin, 'consoleOrderRefundPlan', { orderNumber });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsoleOrderRefundPlan>(answer);
  };
  const refunded = async (orderNumber: string, leaveShortfall?: boolean, reason = REASON) => {
    const answer = await refund(orderNumber, leaveShortfall, admin, reason);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: ConsoleOrder }>(answer).order;
  };
  const listed = async (body: Record<string, unknown> = {}) => {
    const answer = await post(staff, 'consoleOrders', body);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ orders: ConsoleOrder[]; nextCursor: string | null }>(answer);
  };
  const audited = async () => {
    const answer = await post(staff, 'consoleAuditLog', { action: 'orders.refund' });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };
  const deliver = async (event: object) => {
    const answer = await deliverSquareEvent(t.app, event);
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('lists every order newest first with its buyer, by status and venue day, by cursor', async () => {
    const first = await buy();
    clock.advance(60_000);
    const second = await buy('game-pack', 2);
    const page = await listed();
    expect(page.orders.map((order) => order.orderNumber)).toEqual([second, first]);
    const [pack] = page.orders;
    expect(pack).toMatchObject({
      status: 'paid',
      flag: null,
      amount: formatUsd(priceCents('game-pack', 2)),
      credits: 0,
      player: { id: buyer.id, username: buyer.username, deleted: false },
      provider: 'test',
      refund: null,
    });
    expect(pack?.providerPaymentId).toMatch(/^\w+$/);
    expect((await listed({ status: 'refunded' })).orders).toEqual([]);
    expect((await listed({ day: '2026-06-01' })).orders).toHaveLength(2);
    expect((await listed({ day: '2026-05-31' })).orders).toEqual([]);

    // Bought at one instant: their order is the id's, and no page loses or repeats one.
    clock.advance(60_000);
    for (let index = 0; index < ORDERS_PAGE_SIZE; index += 1) await buy();
    const one = await listed();
    expect(one.orders).toHaveLength(ORDERS_PAGE_SIZE);
    const two = await listed({ cursor: one.nextCursor });
    expect(two.nextCursor).toBeNull();
    const numbers = [...one.orders, ...two.orders].map((order) => order.orderNumber);
    expect(new Set(numbers).size).toBe(ORDERS_PAGE_SIZE + 2);
    expect(numbers.slice(-2)).toEqual([second, first]);
  });

  it('refunds a credit pack: the card, the credits, the ledger and the audit log', async () => {
    const number = await buy();
    expect(await planOf(number)).toEqual({
      orderNumber: number,
      amount: '$17.99',
      takeBack: [
        { playerId: buyer.id, username: buyer.username, credits: 16, balance: 16, missing: 0 },
      ],
      passes: 0,
      missing: 0,
      amountCents: 1799,
      remainingCents: 1799,
      creditsAdded: 0,
    });
    // The plan was rehearsed and rolled back: nothing changed.
    expect(await balanceOf(buyer)).toBe(16);
    expect((await orderRow(number)).status).toBe('paid');

    const order = await refunded(number);
    expect(order).toMatchObject({
      orderNumber: number,
      status: 'refunded',
      refund: { status: 'completed', failureCode: null, shortfallCredits: 0, fromDashboard: false },
    });
    expect(processor.refunds).toEqual([
      expect.objectContaining({
        paymentId: order.providerPaymentId,
        amountCents: 1799,
        currency: 'USD',
      }),
    ]);
    expect(await balanceOf(buyer)).toBe(0);
    expect(await ledgerOf(buyer)).toEqual([
      ['purchase', 16],
      ['refund', -16],
    ]);
    const [entry] = await audited();
    expect(entry).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      player: { id: buyer.id },
      subject: `${number} ($17.99)`,
      before: { status: 'paid' },
      after: { status: 'refunded', creditsTakenBack: 16, creditsMissing: 0, passesRevoked: 0 },
      reason: REASON,
    });
    expect(await refund(number)).toMatchObject({ statusCode: 409 });
    expect(jsonOf(await refund(number))).toEqual(refusal('ORDER_ALREADY_REFUNDED'));
    expect(processor.refunds).toHaveLength(1);
    expect(await audited()).toHaveLength(1);
  });

  it('mails the buyer once: the money back on the card, the credits taken back, the reason', async () => {
    const number = await buy();
    const reason = 'Charged twice <script>alert(1)</script>';
    await refunded(number, false, reason);
    expect(await refund(number)).toMatchObject({ statusCode: 409 });
    const mails = await openedMails(t, buyer.email);
    const sent = mails.filter((mail) => mail.template === 'order_refunded');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.subject).toBe(`Your Questfield order ${number} was refunded`);
    for (const said of [
      `We refunded your order ${number}: $17.99 went back to the card you paid with.`,
      'We took back the 16 credits the order added to your account.',
      `The reason our staff gave: ${reason}`,
    ]) {
      expect(mail?.textBody).toContain(said);
    }
    expect(mail?.textBody).not.toMatch(/Game Pass|already been spent/);
    expect(mail?.htmlBody).toContain('Charged twice &lt;script&gt;');
    expect(mail?.htmlBody).not.toContain('<script>');
    // Taken off the refund as it was queued: nothing is left to send again.
    expect((await refundRows(number))[0]?.buyerMail).toBeNull();
  });

  it('refuses a refund without a reason, and changes nothing', async () => {
    const number = await buy();
    for (const reason of [undefined, '', '   ', 'x'.repeat(201)]) {
      const answer = await post(admin, 'consoleOrderRefund', { orderNumber: number, reason });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(jsonOf(answer)).toEqual(
        refusal(
          'VALIDATION_FAILED',
          reason === undefined
            ? 'Some fields are missing or not valid: reason.'
            : reason.length > 200
              ? 'The reason is at most 200 characters.'
              : 'Say why: the player is told in the refund mail, and the audit log keeps it.',
        ),
      );
    }
    const run = await postJson(
      t.app,
      'operatorRun',
      { command: 'orders refund', orderNumber: number },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(run.statusCode, run.body).toBe(400);
    expect((await orderRow(number)).status).toBe('paid');
    expect(await balanceOf(buyer)).toBe(16);
    expect(await refundRows(number)).toEqual([]);
    expect(processor.refunds).toEqual([]);
    expect(await audited()).toEqual([]);
    expect(await refundMails()).toEqual([]);
  });

  it('shows spent credits and refuses until the admin leaves the balance at zero', async () => {
    const number = await buy();
    await servicesOf(t).credits.adjust({ userId: buyer.id, credits: -10, reason: 'spent' });
    expect((await planOf(number)).takeBack).toEqual([
      { playerId: buyer.id, username: buyer.username, credits: 16, balance: 6, missing: 10 },
    ]);
    const refused = await refund(number);
    expect(refused.statusCode).toBe(409);
    expect(jsonOf(refused)).toEqual(refusal('REFUND_SHORTFALL', refundShortfallMessage(10)));
    expect(await balanceOf(buyer)).toBe(6);
    expect((await orderRow(number)).status).toBe('paid');
    expect(await refundRows(number)).toEqual([]);
    expect(processor.refunds).toEqual([]);
    expect(await audited()).toEqual([]);

    const order = await refunded(number, true);
    expect(order.refund).toMatchObject({ status: 'completed', shortfallCredits: 10 });
    expect(await balanceOf(buyer)).toBe(0);
    expect((await ledgerOf(buyer)).at(-1)).toEqual(['refund', -6]);
    expect((await audited())[0]).toMatchObject({
      after: { creditsTakenBack: 6, creditsMissing: 10 },
      reason: `${REASON} (Refunded with the spent credits left at zero.)`,
    });
    const [mail] = await refundMails();
    expect(mail?.text).toContain(
      'We took back 6 credits the order added to your account; the other 10 credits had already been spent, so your balance was left at zero.',
    );
  });

  it('gives back the seats spent credits paid for, so cancelling them pays nothing back', async () => {
    const number = await buy();
    const listed = await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-02' });
    const games = jsonOf<AvailableTime[]>(listed).slice(0, 6);
    const player = { cookie: buyer.cookie };
    for (const game of games) {
      const booked = await postJson(t.app, 'eventsRegister', { EventTime: game.EventTime }, player);
      expect(booked.statusCode, booked.body).toBe(200);
    }
    const mine = await postJson(t.app, 'eventsCheckUserEvent', { hours: 48 }, player);
    const seats = jsonOf<UserEvent[]>(mine).map((seat) => seat.registrationId);
    expect({ seats: seats.length, balance: await balanceOf(buyer) }).toEqual({
      seats: 6,
      balance: 4,
    });

    const run = await postJson(
      t.app,
      'operatorRun',
      { command: 'orders refund', orderNumber: number, leaveShortfall: true, reason: REASON },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(run.statusCode, run.body).toBe(200);
    expect(processor.refunds).toEqual([expect.objectContaining({ amountCents: 1799 })]);
    // The player then gives back all six seats at once.
    const cancels = await Promise.all(
      seats.map((registrationId) => postJson(t.app, 'eventsCancel', { registrationId }, player)),
    );
    expect(cancels.map((answer) => answer.statusCode)).toEqual(seats.map(() => 200));
    expect(cancels.map((answer) => jsonOf<CancelRegistrationResponse>(answer).credits)).toEqual(
      seats.map(() => 0),
    );
    const after = await postJson(t.app, 'eventsCheckUserEvent', { hours: 48 }, player);
    expect(jsonOf<UserEvent[]>(after)).toEqual([]);
    expect(await balanceOf(buyer)).toBe(0);
    const kept = (await ledgerOf(buyer)).reduce((sum, [, delta]) => sum + Number(delta), 0);
    expect(kept).toBe(0);
  });

  it('refunds a Game Pack: its passes stop working and redeemers give their credits back', async () => {
    const number = await buy('game-pack', 2);
    const mine = await postJson(t.app, 'ordersList', {}, { cookie: buyer.cookie });
    const [pass, unused] = jsonOf<{ gamePasses: { code: string }[] }>(mine).gamePasses;
    const friend = await signUp(t.app);
    const redeemed = await postJson(
      t.app,
      'usersRedeemCode',
      { code: pass?.code },
      { cookie: friend.cookie },
    );
    expect(redeemed.statusCode).toBe(200);
    const plan = await planOf(number);
    expect(plan).toMatchObject({ passes: 2, missing: 0 });
    expect(plan.takeBack).toEqual([
      { playerId: friend.id, username: friend.username, credits: 16, balance: 16, missing: 0 },
    ]);
    await refunded(number);
    expect(await balanceOf(friend)).toBe(0);
    // The buyer had no credits of it: their mail names the passes, and no credits.
    const [mail] = await refundMails();
    expect(mail?.text).toContain("The order's 2 Game Passes were revoked and no longer work.");
    expect(mail?.text).not.toContain('credits');
    expect(await refundMails(friend)).toEqual([]);
    const late = await postJson(
      t.app,
      'usersRedeemCode',
      { code: unused?.code },
      { cookie: buyer.cookie },
    );
    expect(late.statusCode).toBe(400);
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('refunds once when admins press at the same moment', async () => {
    const number = await buy();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(number)));
    // One refunds; one arriving while the processor is asked asks again under the same key
    // (a double click: the same refund, 200); the others find it done (409).
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes).toContain(200);
    expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    expect(processor.refunds).toHaveLength(1);
    expect(await ledgerOf(buyer)).toEqual([
      ['purchase', 16],
      ['refund', -16],
    ]);
    expect(await refundRows(number)).toHaveLength(1);
    expect(await audited()).toHaveLength(1);
  });

  it('refunds Game Packs whose passes their buyers swapped, all at once, without a deadlock', async () => {
    const passOf = async (who: SignedUp) => {
      const mine = await postJson(t.app, 'ordersList', {}, { cookie: who.cookie });
      return jsonOf<{ gamePasses: { code: string }[] }>(mine).gamePasses[0]?.code;
    };
    const redeem = async (who: SignedUp, code: string | undefined) => {
      const answer = await postJson(t.app, 'usersRedeemCode', { code }, { cookie: who.cookie });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    // Each pair buys a pack each and redeems the other's pass: each refund takes from both.
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const [one, other] = [await signUp(t.app), await signUp(t.app)];
        const numbers = [await buy('game-pack', 1, one), await buy('game-pack', 1, other)];
        await redeem(one, await passOf(other));
        await redeem(other, await passOf(one));
        return { players: [one, other], numbers };
      }),
    );
    const answers = await Promise.all(
      pairs.flatMap(({ numbers }) => numbers.map((n) => refund(n))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    for (const { players } of pairs) {
      for (const player of players) {
        expect(await balanceOf(player)).toBe(0);
        const taken = (await ledgerOf(player)).filter(([reason]) => reason === 'refund');
        expect(taken.reduce((sum, [, delta]) => sum + Number(delta), 0)).toBe(-16);
      }
    }
    expect(processor.refunds).toHaveLength(8);
  });

  it('asks the processor again about a refund whose answer was lost, under the same key', async () => {
    const number = await buy();
    refundAnswersLost = true;
    const lost = jsonOf<{ order: ConsoleOrder }>(await refund(number));
    expect(lost.order.refund).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(await refundMails()).toEqual([]);
    expect(await servicesOf(t, provider(processor)).orders.reconcile()).toBe(0);
    refundAnswersLost = false;
    clock.advance(3 * 60_000);
    expect(await servicesOf(t, provider(processor)).orders.reconcile()).toBe(1);
    const [row] = await refundRows(number);
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
    expect(row?.providerRefundId).toMatch(/\S/);
    expect(processor.refunds).toHaveLength(1);
    expect(await servicesOf(t, provider(processor)).orders.reconcile()).toBe(0);
    // The buyer learns of it when the reconciler does, once.
    expect(await refundMails()).toHaveLength(1);
  });

  it('keeps a refund the processor turns down, flagged, until it is retried', async () => {
    const number = await buy();
    processor.declineRefunds = true;
    const failed = await refunded(number);
    expect(failed).toMatchObject({
      status: 'refunded',
      flag: 'refund_failed',
      refund: { status: 'failed', failureCode: 'REFUND_DECLINED' },
    });
    // The credits stay taken back: the admin decided; only the money is still owed.
    expect(await balanceOf(buyer)).toBe(0);
    // No mail while no money went back.
    expect(await refundMails()).toEqual([]);

    processor.declineRefunds = false;
    const retried = await refunded(number, false, 'Card works again');
    expect(retried).toMatchObject({ flag: null, refund: { status: 'completed' } });
    const keys = processor.refunds.map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(await ledgerOf(buyer)).toEqual([
      ['purchase', 16],
      ['refund', -16],
    ]);
    expect((await audited()).map(({ after, reason }) => ({ after, reason }))).toEqual([
      { after: { refund: 'asked again' }, reason: 'Card works again' },
      {
        after: { status: 'refunded', creditsTakenBack: 16, creditsMissing: 0, passesRevoked: 0 },
        reason: REASON,
      },
    ]);
    expect(jsonOf(await refund(number))).toEqual(refusal('ORDER_ALREADY_REFUNDED'));
    // The mail went when the money did, once, with the reason of the refund that got it back.
    const mails = await refundMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('The reason our staff gave: Card works again');
    expect(mails[0]?.text).toContain('We took back the 16 credits');
  });

  it("finishes a pending refund with Square's refund.updated, in any order", async () => {
    refundsPending = true;
    const number = await buy();
    const pending = await refunded(number);
    expect(pending.refund).toMatchObject({ status: 'pending' });
    const refundId = pending.refund?.providerRefundId ?? expect.fail('no refund id');
    const paymentId = pending.providerPaymentId ?? expect.fail('no payment id');
    const news = (status: string, id = refundId) =>
      refundEvent({ id, paymentId, status, amount: 1799 });

    // A late PENDING and another refund's FAILED change nothing; COMPLETED is final.
    await deliver(news('PENDING'));
    await deliver(news('FAILED', 'another-refund'));
    expect((await refundRows(number))[0]?.status).toBe('pending');
    // The buyer is mailed when the money is back, not while it is on its way.
    expect(await refundMails()).toEqual([]);
    await deliver(news('COMPLETED'));
    await deliver(news('COMPLETED'));
    await deliver(news('FAILED'));
    expect(await refundMails()).toHaveLength(1);
    expect((await refundRows(number))[0]).toMatchObject({ status: 'completed' });
    expect((await orderRow(number)).flag).toBeNull();
    expect(await balanceOf(buyer)).toBe(0);
  });

  it("shows a refund from the command line as an admin's, not as made in Square", async () => {
    const number = await buy();
    const run = await postJson(
      t.app,
      'operatorRun',
      { command: 'orders refund', orderNumber: number, reason: REASON },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(run.statusCode, run.body).toBe(200);
    // No admin is on its row: the command line has no account.
    expect((await refundRows(number))[0]?.requestedBy).toBeNull();
    const [order] = (await listed()).orders;
    expect(order).toMatchObject({
      orderNumber: number,
      status: 'refunded',
      refund: { status: 'completed', fromDashboard: false },
    });
  });

  it("applies a refund made in Square's dashboard once, from refund.updated", async () => {
    const number = await buy();
    const { providerPaymentId } = await orderRow(number);
    const event = refundEvent({
      id: 'dashboard-refund-1',
      paymentId: providerPaymentId ?? expect.fail('no payment id'),
      status: 'COMPLETED',
      amount: 1799,
    });
    await deliver(event);
    await deliver(event);
    await deliver({ ...event, event_id: randomUUID() });
    const [order] = (await listed()).orders;
    expect(order).toMatchObject({
      status: 'refunded',
      refund: { status: 'completed', fromDashboard: true, providerRefundId: 'dashboard-refund-1' },
    });
    expect(await ledgerOf(buyer)).toEqual([
      ['purchase', 16],
      ['refund', -16],
    ]);
    expect(jsonOf(await refund(number))).toEqual(refusal('ORDER_ALREADY_REFUNDED'));
    // Nobody here said why: the buyer hears of it from Square, not from us.
    expect(await refundMails()).toEqual([]);

    // An incomplete refund event is refused and changes nothing.
    const { payment_id: _payment, ...incomplete } = event.data.object.refund;
    const broken = { ...event, event_id: randomUUID(), data: { object: { refund: incomplete } } };
    expect((await deliverSquareEvent(t.app, broken)).statusCode).toBe(400);

    // A partial refund is flagged for an operator, not settled.
    const other = await buy();
    const partial = refundEvent({
      id: 'dashboard-refund-2',
      paymentId: (await orderRow(other)).providerPaymentId ?? '',
      status: 'COMPLETED',
      amount: 500,
    });
    await deliver(partial);
    expect(await orderRow(other)).toMatchObject({ status: 'paid', flag: 'partially_refunded' });
  });

  it('refuses what cannot be refunded, and staff', async () => {
    expect(jsonOf(await refund('QF-0000000000'))).toEqual(refusal('ORDER_NOT_FOUND'));
    const declined = await postJson(
      t.app,
      'squareCheckout',
      purchase('credits-16', 1, { paymentToken: 'cnon:card-nonce-declined' }),
      { cookie: buyer.cookie, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(declined.statusCode).toBe(402);
    const [failed] = await db().select().from(orders).where(eq(orders.userId, buyer.id));
    expect(jsonOf(await refund(failed?.orderNumber ?? ''))).toEqual(
      refusal('ORDER_NOT_REFUNDABLE'),
    );
    const number = await buy();
    expect((await refund(number, false, staff)).statusCode).toBe(403);
    expect((await post(staff, 'consoleOrderRefundPlan', { orderNumber: number })).statusCode).toBe(
      403,
    );
    expect((await refund(number.toLowerCase())).statusCode).toBe(200);
  });

  it('asks for the password and a code again before a refund', async () => {
    const number = await buy();
    clock.advance(16 * 60_000);
    expect(jsonOf(await refund(number))).toEqual(refusal('REAUTH_REQUIRED'));
    expect(processor.refunds).toEqual([]);
  });

  it('refunds from the command line the same way, audited as the command line', async () => {
    const number = await buy();
    const run = await postJson(
      t.app,
      'operatorRun',
      { command: 'orders refund', orderNumber: number, reason: 'Charged twice' },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(run.statusCode, run.body).toBe(200);
    expect(jsonOf(run)).toEqual({
      command: 'orders refund',
      orderNumber: number,
      refund: 'completed',
      failureCode: null,
      takenBack: 16,
      missing: 0,
      amount: '$17.99',
      asCredits: false,
      creditsAdded: 0,
    });
    expect((await audited())[0]).toMatchObject({
      actor: { kind: 'command_line' },
      reason: 'Charged twice',
    });
    expect((await refundMails()).map((mail) => mail.text)).toEqual([
      expect.stringContaining('The reason our staff gave: Charged twice'),
    ]);
  });

  it('answers any body without a 500', async () => {
    const number = await buy();
    await answersAnyBody(
      admin,
      [
        ['consoleOrders', [{ status: 'paid', day: '2026-06-01' }, { cursor: randomUUID() }]],
        ['consoleOrderRefundPlan', [{ orderNumber: number }]],
        [
          'consoleOrderRefund',
          [{ orderNumber: 'QF-0000000000', leaveShortfall: true, reason: REASON }],
        ],
      ],
      7,
    );
  });
});
