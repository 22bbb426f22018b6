/**
 * The console's "Today" (route `consoleToday`): the venue day's games with their seats, lines
 * and state by the server's clock, the next game to be played, the day's sales and refunds
 * (an order of yesterday is not today's sale; its refund today, in full or of part, is today's
 * refund), and what
 * waits for an operator: flagged orders, mails given up on, waitlist offers lapsing within
 * CONSOLE_TODAY.lapsingWithinMinutes. Staff read it; a player is refused.
 */
import { randomUUID } from 'node:crypto';
import {
  API_ROUTES,
  CONSOLE_TODAY,
  priceCents,
  type ConsoleToday,
  type Sku,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '../src/db/schema';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { COOKIE, distinctIp, postJson, signUp, type SignedUp } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { purchase } from './helpers/payments';
import { playersWith, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

describe(`the console's today [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let ada: SignedUp;
  let bo: SignedUp;
  const { operator, enrol, post, reauth } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;
  const at = (instant: string) => clock.set(instant);

  /** An operator signed in and checked now (the clock moves hours here, past the idle limit). */
  async function fresh(role: 'staff' | 'admin'): Promise<Operator> {
    const who = await operator(role);
    await enrol(who);
    if (role === 'admin') await reauth(who);
    return who;
  }
  const get = (who: { cookie: string; ip: string }) =>
    t.app.inject({
      method: 'GET',
      url: API_ROUTES.consoleToday.path,
      remoteAddress: who.ip,
      headers: { cookie: `${COOKIE}=${who.cookie}` },
    });
  async function today(): Promise<ConsoleToday> {
    const answer = await get(await fresh('staff'));
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsoleToday>(answer);
  }
  const run = async (command: Record<string, unknown>) => {
    const answer = await postJson(t.app, 'operatorRun', command, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  async function buy(who: SignedUp, sku: Sku): Promise<string> {
    const answer = await postJson(t.app, 'squareCheckout', purchase(sku), {
      cookie: who.cookie,
      ip: distinctIp(),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: { orderNumber: string } }>(answer).order.orderNumber;
  }
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  /**
   * A game at `venueTime` of one seat, booked, with `line` players lining up after it; the seat
   * a second one adds is offered to the first of them for `holdMinutes`.
   */
  async function offerOn(venueTime: string, line: number, holdMinutes: number) {
    await run({ command: 'settings waitlist-hold', minutes: holdMinutes });
    await run({ command: 'slots set-capacity', date: DAY, time: venueTime, capacity: 1 });
    const [seated, ...waiting] = await playersWith(t, servicesOf(t), 10, 1 + line);
    const booked = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: AT(venueTime) },
      {
        ...as(seated as Player),
      },
    );
    expect(booked.statusCode, booked.body).toBe(200);
    for (const player of waiting) {
      const joined = await postJson(
        t.app,
        'waitlistJoin',
        { EventTime: AT(venueTime) },
        as(player),
      );
      expect(joined.statusCode, joined.body).toBe(200);
    }
    await run({ command: 'slots set-capacity', date: DAY, time: venueTime, capacity: 2 });
  }

  /** An admin's refund of part of an order. */
  async function refundPart(part: { orderNumber: string; amountCents: number; asCredits?: true }) {
    const answer = await post(await fresh('admin'), 'consoleOrderRefund', {
      ...part,
      reason: 'One game was cut short',
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      operatorToken: token,
      paymentProvider: createTestPaymentProvider(),
    });
    [ada, bo] = [await signUp(t.app), await signUp(t.app)];

    // Sunday 23:30 in New York: yesterday's sale.
    at('2026-06-01T03:30:00Z');
    const yesterdays = await buy(bo, 'credits-16');

    // Monday 8:00: two sales, yesterday's sale refunded, one order disputed.
    at(NOW);
    const todays = await buy(ada, 'credits-16');
    const disputed = await buy(ada, 'credits-32');
    const refund = await post(await fresh('admin'), 'consoleOrderRefund', {
      orderNumber: yesterdays,
      reason: 'Bought by mistake',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // $5.00 of today's sale to the card today, $3.00 of it as credits tomorrow (ADR 0056).
    await refundPart({ orderNumber: todays, amountCents: 500 });
    at('2026-06-02T12:00:00Z');
    await refundPart({ orderNumber: todays, amountCents: 300, asCredits: true });
    at(NOW);
    await db()
      .update(orders)
      .set({ flag: 'disputed', flaggedAt: clock.now() })
      .where(eq(orders.orderNumber, disputed));

    // A mail the dispatcher gave up on.
    await db()
      .insert(emailOutbox)
      .values({ toAddress: 'gone@example.com', template: 'notice', status: 'failed' });

    // The day's slots exist once listed.
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
    // 10:30: an offer held 15 minutes (to 8:15); 11:00: one held 20 (to 8:20), one waiting.
    // (Signing operators in moved the clock on: offers are made at 8:00 sharp.)
    at(NOW);
    await offerOn('10:30', 1, 15);
    await offerOn('11:00', 2, 20);
    // 11:30 closed with nobody on it: no game will be played there.
    await run({ command: 'slots close', date: DAY, time: '11:30' });
  });
  afterAll(() => t.close());

  it("lists the day's games with their seats, lines and state, and the next game", async () => {
    const view = await today();
    expect(view.day).toBe(DAY);
    expect(view.timeZone).toBe('America/New_York');
    expect(view.games).toHaveLength(24);
    const first = {
      time: '10:00',
      startsAt: AT('10:00'),
      booked: 0,
      capacity: 25,
      open: true,
      started: false,
      ended: false,
      waiting: 0,
    };
    expect(view.games[0]).toEqual(first);
    expect(view.games.slice(1, 4)).toEqual([
      // An offered seat is held, not booked; the player offered it is not waiting.
      expect.objectContaining({ time: '10:30', booked: 1, capacity: 2, waiting: 0 }),
      expect.objectContaining({ time: '11:00', booked: 1, capacity: 2, waiting: 1 }),
      expect.objectContaining({ time: '11:30', booked: 0, open: false }),
    ]);
    expect(view.nextGame).toEqual(first);
  });

  it("moves the games' state and the next game with the clock, past a closed empty slot", async () => {
    at(plus(AT('10:00'), 10 * MINUTE));
    let view = await today();
    expect(view.games[0]).toMatchObject({ started: true, ended: false });
    expect(view.nextGame?.time).toBe('10:30');
    at(plus(AT('11:00'), 10 * MINUTE));
    view = await today();
    expect(view.games[0]).toMatchObject({ started: true, ended: true });
    expect(view.nextGame?.time).toBe('12:00');
    at(plus(AT('21:30'), MINUTE));
    expect((await today()).nextGame).toBeNull();
    at(NOW);
  });

  it("counts today's sales and refunds only, and every flagged order", async () => {
    const view = await today();
    expect(view.sales).toEqual({
      count: 2,
      cents: priceCents('credits-16', 1) + priceCents('credits-32', 1),
    });
    // Yesterday's order refunded today: today's refund, never today's sale; and $5.00 of one of
    // today's sales (a refund of part counts on the day it was made).
    expect(view.refunds).toEqual({ count: 2, cents: priceCents('credits-16', 1) + 500 });
    expect(view.needsAttention).toMatchObject({ flaggedOrders: 1, failedMails: 1 });

    at('2026-06-02T12:00:00Z');
    const tomorrow = await today();
    expect(tomorrow.day).toBe('2026-06-02');
    expect(tomorrow.sales).toEqual({ count: 0, cents: 0 });
    expect(tomorrow.refunds).toEqual({ count: 1, cents: 300 });
    // A flag waits for a person whatever the day.
    expect(tomorrow.needsAttention.flaggedOrders).toBe(1);
    at(NOW);
  });

  it(`counts the offers lapsing within ${CONSOLE_TODAY.lapsingWithinMinutes} minutes`, async () => {
    const staff = await fresh('staff');
    const lapsingAt = async (instant: string) => {
      at(instant);
      return jsonOf<ConsoleToday>(await get(staff)).needsAttention.lapsingOffers;
    };
    // 8:00: only the offer held to 8:15.
    expect(await lapsingAt(NOW)).toBe(1);
    // 8:05: both (8:15 and 8:20).
    expect(await lapsingAt(plus(NOW, 5 * MINUTE))).toBe(2);
    // 8:16: the first has lapsed already (the waitlist job passes it on): it is not counted.
    expect(await lapsingAt(plus(NOW, 16 * MINUTE))).toBe(1);
    at(NOW);
  });

  it('answers staff, and refuses a player', async () => {
    expect((await get(await fresh('staff'))).statusCode).toBe(200);
    const player = { cookie: ada.cookie, ip: distinctIp() };
    const refused = await get(player);
    expect(refused.statusCode).toBe(403);
    expect(jsonOf(refused)).toMatchObject({ code: 'FORBIDDEN' });
  });
});
