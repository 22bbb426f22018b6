/**
 * The console's weekly report: one venue week (America/New_York here), Monday to Sunday, made
 * of real purchases, a booking, redemptions of a batch's codes, a Game Pass and a code outside
 * any batch, a refund in full and refunds of part (counted in the week they were made, one
 * turned down never): exact numbers per day, per slot, per SKU and per batch; the edges
 * of the week are the venue's midnights; a day other than a Monday is refused; any body is
 * answered, never with a 500.
 */
import { randomUUID } from 'node:crypto';
import {
  GAME_COST_CREDITS,
  GAME_PASSES_BATCH,
  NO_BATCH,
  priceCents,
  type ConsoleDay,
  type ConsoleReport,
  type Sku,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import { seedDemoData } from '../src/db/seed';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { distinctIp, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient } from './helpers/console';
import { purchase } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

const WEEK = '2026-06-01';
const empty = { booked: 0, capacity: 0, creditsSold: 0, creditsSpent: 0, noShows: 0 };

describe(`the console's weekly report [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock('2026-05-31T12:00:00Z');
  let t: TestApp;
  const processor = createTestPaymentProvider();
  let ada: SignedUp;
  let bo: SignedUp;
  const { operator, enrol, post, reauth, answersAnyBody } = consoleClient(() => t, token, clock);

  /** An operator signed in and checked now (the clock moves days here, past their idle limit). */
  async function fresh(role: 'staff' | 'admin') {
    const who = await operator(role);
    await enrol(who);
    if (role === 'admin') await reauth(who);
    return who;
  }
  const at = (instant: string) => clock.set(instant);
  const player = (who: SignedUp) => ({ cookie: who.cookie, ip: distinctIp() });
  async function buy(who: SignedUp, sku: Sku): Promise<string> {
    const answer = await postJson(t.app, 'squareCheckout', purchase(sku), {
      ...player(who),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: { orderNumber: string } }>(answer).order.orderNumber;
  }
  /** An admin's refund of part of an order (ADR 0056), to the card. */
  async function refundPart(orderNumber: string, amountCents: number) {
    const answer = await post(await fresh('admin'), 'consoleOrderRefund', {
      orderNumber,
      amountCents,
      reason: 'One game was cut short',
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  async function redeem(who: SignedUp, code: string) {
    const answer = await postJson(t.app, 'usersRedeemCode', { code }, player(who));
    expect(answer.statusCode, answer.body).toBe(200);
  }
  async function reportOf(week: string): Promise<ConsoleReport> {
    const answer = await post(await fresh('staff'), 'consoleReport', { week });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsoleReport>(answer);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token, paymentProvider: processor });
    await seedDemoData(t.database.handle.db, {
      appSecret: t.env.appSecret,
      clock,
      demoAccounts: true,
    });
    [ada, bo] = [await signUp(t.app), await signUp(t.app)];

    // Sunday 23:30 in New York: the week before.
    at('2026-06-01T03:30:00Z');
    const lastWeeks = await buy(bo, 'credits-16');

    // Monday: a purchase, a seat at noon, a code outside any batch, a batch of two.
    at('2026-06-01T14:00:00Z');
    await buy(ada, 'credits-16');
    const staff = await fresh('staff');
    const day = jsonOf<ConsoleDay>(await post(staff, 'consoleDay', { day: WEEK }));
    const noon = day.slots.find((slot) => slot.time === '12:00') ?? expect.fail('no noon slot');
    const seat = await postJson(t.app, 'eventsRegister', { EventTime: noon.startsAt }, player(ada));
    expect(seat.statusCode, seat.body).toBe(200);
    await redeem(ada, 'WELCOME16');
    const created = await post(await fresh('admin'), 'consoleCodeBatchCreate', {
      name: 'Spring fair',
      kind: 'promo',
      count: 2,
      credits: 5,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [first, second] = jsonOf<{ codes: { code: string }[] }>(created).codes;
    await redeem(ada, first?.code ?? '');

    // Tuesday: the batch's other code, 32 credits, a Game Pack whose pass its buyer redeems.
    at('2026-06-02T15:00:00Z');
    await redeem(bo, second?.code ?? '');
    const bosThirtyTwo = await buy(bo, 'credits-32');
    const bosPack = await buy(bo, 'game-pack');
    const listed = await postJson(t.app, 'ordersList', {}, player(bo));
    const [pass] = jsonOf<{ gamePasses: { code: string }[] }>(listed).gamePasses;
    await redeem(bo, pass?.code ?? '');

    // Wednesday: a purchase refunded the same day.
    at('2026-06-03T15:00:00Z');
    const refunded = await buy(ada, 'credits-16');
    const refund = await post(await fresh('admin'), 'consoleOrderRefund', {
      orderNumber: refunded,
      reason: 'Bought by mistake',
    });
    expect(refund.statusCode, refund.body).toBe(200);

    // Thursday: $5.00 of last week's order refunded, this week's refund by when it was made.
    at('2026-06-04T15:00:00Z');
    await refundPart(lastWeeks, 500);
    // A refund the processor turned down returns nothing: never counted.
    processor.declineRefunds = true;
    await refundPart(bosPack, 400);
    processor.declineRefunds = false;

    // Sunday 23:30 in New York is still the week; Monday 00:30 is the next.
    at('2026-06-08T03:30:00Z');
    await buy(bo, 'credits-16');
    at('2026-06-08T04:30:00Z');
    await buy(ada, 'credits-16');
    // $3.00 of this week's 32 credits refunded next week: next week's refund.
    await refundPart(bosThirtyTwo, 300);
  });
  afterAll(() => t.close());

  it('counts seats, credits, revenue and redemptions of the week, per venue day', async () => {
    const report = await reportOf(WEEK);
    expect(report.week).toBe(WEEK);
    expect(report.timeZone).toBe('America/New_York');
    expect(report.days).toEqual([
      {
        day: '2026-06-01',
        booked: 1,
        capacity: 600,
        creditsSold: 16,
        creditsSpent: GAME_COST_CREDITS,
        // Ada's noon seat: the game never used its ticket.
        noShows: 1,
      },
      { day: '2026-06-02', ...empty, creditsSold: 32 },
      { day: '2026-06-03', ...empty, creditsSold: 16 },
      { day: '2026-06-04', ...empty },
      { day: '2026-06-05', ...empty },
      { day: '2026-06-06', ...empty },
      { day: '2026-06-07', ...empty, creditsSold: 16 },
    ]);
    expect(report.slots).toHaveLength(24);
    expect(report.slots[0]).toEqual({
      startsAt: '2026-06-01T14:00:00.000Z',
      booked: 0,
      capacity: 25,
    });
    expect(report.slots.filter((slot) => slot.booked > 0)).toEqual([
      { startsAt: '2026-06-01T16:00:00.000Z', booked: 1, capacity: 25 },
    ]);
    const price = (sku: Sku) => priceCents(sku, 1);
    expect(report.revenue).toEqual([
      {
        sku: 'credits-16',
        orders: 2,
        revenueCents: 2 * price('credits-16'),
        // Wednesday's in full, and Thursday's $5.00 of an order of the week before.
        refundedOrders: 2,
        refundedCents: price('credits-16') + 500,
      },
      {
        sku: 'credits-32',
        orders: 1,
        revenueCents: price('credits-32'),
        refundedOrders: 0,
        refundedCents: 0,
      },
      {
        sku: 'game-pack',
        orders: 1,
        revenueCents: price('game-pack'),
        refundedOrders: 0,
        refundedCents: 0,
      },
    ]);
    expect(report.redemptions).toEqual([
      { batch: 'Spring fair', redemptions: 2 },
      { batch: GAME_PASSES_BATCH, redemptions: 1 },
      { batch: NO_BATCH, redemptions: 1 },
    ]);
  });

  it('leaves what happened outside the week to the weeks before and after', async () => {
    const before = await reportOf('2026-05-25');
    expect(before.days.map((day) => day.creditsSold)).toEqual([0, 0, 0, 0, 0, 0, 16]);
    // Its order counts in its week; its refund of part in the week it was made.
    expect(before.revenue).toEqual([
      {
        sku: 'credits-16',
        orders: 1,
        revenueCents: priceCents('credits-16', 1),
        refundedOrders: 0,
        refundedCents: 0,
      },
    ]);
    expect(before.slots).toEqual([]);
    expect(before.redemptions).toEqual([]);
    const after = await reportOf('2026-06-08');
    expect(after.days.map((day) => day.creditsSold)).toEqual([16, 0, 0, 0, 0, 0, 0]);
    expect(after.revenue).toEqual([
      {
        sku: 'credits-16',
        orders: 1,
        revenueCents: priceCents('credits-16', 1),
        refundedOrders: 0,
        refundedCents: 0,
      },
      { sku: 'credits-32', orders: 0, revenueCents: 0, refundedOrders: 1, refundedCents: 300 },
    ]);
    expect(after.days.map((day) => day.day)).toEqual([
      '2026-06-08',
      '2026-06-09',
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
      '2026-06-14',
    ]);
  });

  it("reads the venue's current week when none is chosen", async () => {
    at('2026-06-08T03:30:00Z');
    const answer = await post(await fresh('staff'), 'consoleReport', {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf<ConsoleReport>(answer).week).toBe(WEEK);
    at('2026-06-08T04:30:00Z');
    expect(jsonOf<ConsoleReport>(await post(await fresh('staff'), 'consoleReport', {})).week).toBe(
      '2026-06-08',
    );
  });

  it('refuses a day other than a Monday, and players', async () => {
    const staff = await fresh('staff');
    const tuesday = await post(staff, 'consoleReport', { week: '2026-06-02' });
    expect(tuesday.statusCode).toBe(400);
    expect(jsonOf(tuesday)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'A week is chosen by its Monday: pick the Monday the week starts on.',
    });
    const asPlayer = await postJson(t.app, 'consoleReport', { week: WEEK }, player(ada));
    expect(asPlayer.statusCode).toBe(403);
  });

  it('answers any body without a 500', async () => {
    await answersAnyBody(await fresh('staff'), [['consoleReport', [{ week: WEEK }]]], 2806);
  });
});
