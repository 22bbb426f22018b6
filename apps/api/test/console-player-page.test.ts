/**
 * The console's player page: what it shows of a player (profile, balance, credit history by
 * cursor, seats, orders, Game Passes, redemptions, leaderboard), and its actions: credits
 * granted or deducted (after a fresh password-and-code check, within the operator's limit,
 * never below zero, with ledger and audit rows, exact under concurrent requests) and signing
 * the player out everywhere. Any body is answered, never with a 500.
 */
import { randomUUID } from 'node:crypto';
import {
  CREDIT_HISTORY_PAGE_SIZE,
  formatUsd,
  OPERATOR_REAUTH_MS,
  priceCents,
  type ApiRouteName,
  type AuditEntry,
  type AvailableTime,
  type ConsolePlayer,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, runtimeSettings } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { SETTINGS_TTL_MS } from '../src/modules/settings/settings.service';
import type { Services } from '../src/services';
import { PASSWORD, postJson, sessionCookieOf, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { purchase } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

// 8:00 AM in New York (EDT): every slot of the venue day is ahead.
const START = '2026-06-01T12:00:10Z';
const UNKNOWN = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';
const REASON = 'Headset broke mid-game';
/** A list with no rows: one empty page. */
const none = { entries: [], nextCursor: null };

describe(`the console's player page [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let staff: Operator;
  let admin: Operator;
  let services: Services;
  const { operator, enrol, post, reauth, answersAnyBody } = consoleClient(() => t, token, clock);

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
  });
  afterAll(() => t.close());

  const pageOf = async (player: { id: string }, who = staff) => {
    const answer = await post(who, 'consolePlayer', { playerId: player.id });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsolePlayer>(answer);
  };
  const change = (who: Operator, body: Record<string, unknown>) =>
    post(who, 'consolePlayerCredits', { change: 'grant', reason: REASON, ...body });
  const auditOf = async (action: string, player: { id: string }) => {
    const answer = await post(staff, 'consoleAuditLog', { action, playerId: player.id });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };
  const ledgerOf = (player: { id: string }) =>
    t.database.handle.db.select().from(creditLedger).where(eq(creditLedger.userId, player.id));
  const grant = (player: { id: string }, credits: number) =>
    services.credits.grant({ userId: player.id, credits, reason: 'test' });
  const as = (player: SignedUp) => ({ cookie: player.cookie });

  it('shows a new player: profile, no credits, empty lists', async () => {
    const player = await signUp(t.app);
    expect(await pageOf(player)).toEqual({
      profile: {
        id: player.id,
        username: player.username,
        email: player.email,
        role: 'player',
        createdAt: clock.now().toISOString(),
        twoFactorEnabled: false,
      },
      balance: 0,
      creditLimit: 10,
      creditHistory: { entries: [], nextCursor: null },
      bookings: { upcoming: none, past: none },
      orders: none,
      gamePasses: none,
      redemptions: none,
      leaderboard: { bests: { score: null, time: null, distance: null }, results: none },
    });
    expect((await pageOf(player, admin)).creditLimit).toBe(100_000);
    expect((await pageOf(staff)).profile).toMatchObject({ role: 'staff', twoFactorEnabled: true });
  });

  it('shows purchases, grants, seats, Game Passes and redemptions as they happen', async () => {
    await reauth(admin);
    const at = clock.now().toISOString();
    const player = await signUp(t.app);
    const friend = await signUp(t.app);
    const checkout = (body: unknown) =>
      postJson(t.app, 'squareCheckout', body, {
        ...as(player),
        headers: { 'idempotency-key': randomUUID() },
      });
    expect((await checkout(purchase('credits-16'))).statusCode).toBe(200);
    // The orders list newest first: the Game Pack second.
    clock.advance(1_000);
    expect((await checkout(purchase('game-pack', 2))).statusCode).toBe(200);
    clock.set(at);
    const listed = await postJson(t.app, 'ordersList', {}, as(player));
    const [mine, given] = jsonOf<{ gamePasses: { code: string }[] }>(listed).gamePasses;
    for (const [who, pass] of [
      [player, mine],
      [friend, given],
    ] as const) {
      const redeemed = await postJson(t.app, 'usersRedeemCode', { code: pass?.code }, as(who));
      expect(redeemed.statusCode).toBe(200);
    }
    expect((await change(admin, { playerId: player.id, credits: 4 })).statusCode).toBe(200);

    const times = await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' });
    const slots = jsonOf<AvailableTime[]>(times);
    const [first, last] = [slots[0]?.EventTime, slots.at(-1)?.EventTime];
    for (const at of [first, last]) {
      const booked = await postJson(t.app, 'eventsRegister', { EventTime: at }, as(player));
      expect(booked.statusCode).toBe(200);
    }
    // The first game (10:00 AM) has been played; the last (9:30 PM) is to come.
    clock.set('2026-06-01T15:00:00Z');

    const page = await pageOf(player);
    // 16 bought, 16 from a Game Pass, 4 granted, 2 × 2 for the seats.
    expect(page.balance).toBe(32);
    expect(page.creditHistory.entries.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['book', -2],
      ['book', -2],
      ['admin', 4],
      ['redeem', 16],
      ['purchase', 16],
    ]);
    expect(page.creditHistory.entries[2]).toMatchObject({ note: REASON, balanceAfter: 36 });
    expect(page.creditHistory.entries[4]?.orderNumber).toMatch(/^QF-/);
    expect(page.bookings).toEqual({
      upcoming: { entries: [{ startsAt: last, source: 'booked', bookedAt: at }], nextCursor: null },
      past: { entries: [{ startsAt: first, source: 'booked', bookedAt: at }], nextCursor: null },
    });
    expect(
      page.orders.entries.map((order) => [order.status, order.amount, order.lines[0]?.sku]),
    ).toEqual([
      ['paid', formatUsd(priceCents('game-pack', 2)), 'game-pack'],
      ['paid', formatUsd(priceCents('credits-16', 1)), 'credits-16'],
    ]);
    const label = (code = '') => `Game Pass …${code.slice(-4)}`;
    const passOrder = page.orders.entries[0]?.orderNumber;
    expect(page.gamePasses.entries).toHaveLength(2);
    expect(page.gamePasses.entries).toEqual(
      expect.arrayContaining([
        {
          label: label(mine?.code),
          orderNumber: passOrder,
          owned: true,
          redeemedAt: at,
          redeemedByPlayer: true,
        },
        {
          label: label(given?.code),
          orderNumber: passOrder,
          owned: true,
          redeemedAt: at,
          redeemedByPlayer: false,
        },
      ]),
    );
    expect(JSON.stringify(page)).not.toContain(mine?.code);
    expect(page.redemptions.entries).toEqual([
      { label: label(mine?.code), kind: 'game-pass', credits: 16, redeemedAt: at },
    ]);
    expect((await pageOf(friend)).gamePasses.entries).toEqual([
      {
        label: label(given?.code),
        orderNumber: passOrder,
        owned: false,
        redeemedAt: at,
        redeemedByPlayer: true,
      },
    ]);
  });

  it('pages the credit history by cursor, the notes of grants included', async () => {
    const player = await signUp(t.app);
    for (let n = 1; n <= CREDIT_HISTORY_PAGE_SIZE + 2; n += 1) await grant(player, n);
    const first = (await pageOf(player)).creditHistory;
    expect(first.entries).toHaveLength(CREDIT_HISTORY_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ delta: CREDIT_HISTORY_PAGE_SIZE + 2, note: 'test' });
    const rest = await post(staff, 'consolePlayerCreditHistory', {
      playerId: player.id,
      cursor: first.nextCursor,
    });
    expect(jsonOf<ConsolePlayer['creditHistory']>(rest)).toMatchObject({
      entries: [{ delta: 2 }, { delta: 1 }],
      nextCursor: null,
    });
  });

  it('answers 404 for an unknown or deleted player, and 400 for a body that is no request', async () => {
    const gone = await signUp(t.app);
    await grant(gone, 5);
    const deleted = await postJson(t.app, 'usersDelete', { password: PASSWORD }, as(gone));
    expect(deleted.statusCode).toBe(200);
    await reauth(admin);
    for (const playerId of [UNKNOWN, gone.id]) {
      for (const [route, body] of [
        ['consolePlayer', { playerId }],
        ['consolePlayerCreditHistory', { playerId }],
        ['consolePlayerBookings', { playerId, list: 'past' }],
        ['consolePlayerOrders', { playerId }],
        ['consolePlayerGamePasses', { playerId }],
        ['consolePlayerRedemptions', { playerId }],
        ['consolePlayerResults', { playerId }],
        ['consolePlayerSignOut', { playerId }],
        ['consolePlayerCredits', { playerId, change: 'grant', credits: 1, reason: REASON }],
      ] as const) {
        const answer = await post(admin, route, body);
        expect(answer.statusCode, route).toBe(404);
        expect(jsonOf(answer), route).toEqual(refusal('PLAYER_NOT_FOUND'));
      }
    }
    for (const body of [
      {},
      { playerId: 'not-a-uuid' },
      { playerId: UNKNOWN, extra: true },
      { playerId: UNKNOWN, change: 'grant', credits: 1.5, reason: REASON },
      { playerId: UNKNOWN, change: 'grant', credits: 0, reason: REASON },
      { playerId: UNKNOWN, change: 'steal', credits: 1, reason: REASON },
      { playerId: UNKNOWN, change: 'grant', credits: 1, reason: '   ' },
    ]) {
      const answer = await post(admin, 'consolePlayerCredits', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('asks for the password and a code again after 15 minutes, before credits move', async () => {
    const player = await signUp(t.app);
    await reauth(staff);
    clock.advance(OPERATOR_REAUTH_MS);
    const stale = await change(staff, { playerId: player.id, credits: 1 });
    expect(stale.statusCode).toBe(403);
    expect(jsonOf(stale)).toEqual(refusal('REAUTH_REQUIRED'));
    // Reading goes on; money waits for the check.
    expect((await pageOf(player)).balance).toBe(0);
    await reauth(staff);
    expect(jsonOf(await change(staff, { playerId: player.id, credits: 1 }))).toEqual({
      balance: 1,
      approval: null,
    });
  });

  it("holds staff to their limit (a runtime setting) and admins to the command line's", async () => {
    const player = await signUp(t.app);
    await reauth(staff);
    await reauth(admin);
    const overLimit = refusal(
      'CREDIT_LIMIT_EXCEEDED',
      'You can grant or deduct at most 10 credits at a time.',
    );
    for (const direction of ['grant', 'deduct']) {
      const answer = await change(staff, { playerId: player.id, change: direction, credits: 11 });
      expect(answer.statusCode).toBe(403);
      expect(jsonOf(answer)).toEqual(overLimit);
    }
    expect(jsonOf(await change(staff, { playerId: player.id, credits: 10 }))).toEqual({
      balance: 10,
      approval: null,
    });
    expect(jsonOf(await change(admin, { playerId: player.id, credits: 50 }))).toEqual({
      balance: 60,
      approval: null,
    });

    const settings = t.database.handle.db;
    await settings.insert(runtimeSettings).values({ key: 'staff_credit_limit', value: 20 });
    clock.advance(SETTINGS_TTL_MS);
    expect((await pageOf(player)).creditLimit).toBe(20);
    expect(jsonOf(await change(staff, { playerId: player.id, credits: 20 }))).toEqual({
      balance: 80,
      approval: null,
    });
    await settings.delete(runtimeSettings).where(eq(runtimeSettings.key, 'staff_credit_limit'));
    clock.advance(SETTINGS_TTL_MS);
    expect((await pageOf(player)).creditLimit).toBe(10);
  });

  it('deducts with a ledger row and an audit row (before, after, reason), never below zero', async () => {
    const player = await signUp(t.app);
    await grant(player, 2);
    await reauth(staff);
    const deduct = (credits: number) =>
      change(staff, { playerId: player.id, change: 'deduct', credits });

    const tooMuch = await deduct(3);
    expect(tooMuch.statusCode).toBe(409);
    expect(jsonOf(tooMuch)).toEqual(
      refusal(
        'BALANCE_TOO_LOW',
        'The balance is 2 credits: a deduction cannot take it below zero.',
      ),
    );
    expect(await auditOf('users.deduct-credits', player)).toEqual([]);
    expect(await ledgerOf(player)).toHaveLength(1);

    expect(jsonOf(await deduct(2))).toEqual({ balance: 0, approval: null });
    const ledger = await ledgerOf(player);
    expect(ledger.at(-1)).toMatchObject({ delta: -2, reason: 'admin', balanceAfter: 0 });
    expect((await pageOf(player)).creditHistory.entries[0]).toMatchObject({
      delta: -2,
      reason: 'admin',
      note: REASON,
    });
    const [row] = await auditOf('users.deduct-credits', player);
    expect(row).toMatchObject({
      actor: { kind: 'operator', id: staff.id, label: staff.username, role: 'staff', ip: staff.ip },
      player: { id: player.id, username: player.username },
      before: { balance: 2 },
      after: { balance: 0 },
      reason: REASON,
    });
    expect(jsonOf(await change(staff, { playerId: player.id, credits: 3 }))).toEqual({
      balance: 3,
      approval: null,
    });
    expect(await auditOf('users.grant-credits', player)).toMatchObject([
      { before: { balance: 0 }, after: { balance: 3 }, reason: REASON },
    ]);
  });

  it('takes concurrent deductions one at a time: 10 × 3 from 16 leaves exactly 1', async () => {
    const player = await signUp(t.app);
    await grant(player, 16);
    await reauth(staff);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        change(staff, { playerId: player.id, change: 'deduct', credits: 3 }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array<number>(5).fill(200), ...Array<number>(5).fill(409)]);
    expect((await pageOf(player)).balance).toBe(1);
    expect((await ledgerOf(player)).filter((row) => row.delta === -3)).toHaveLength(5);
    const rows = await auditOf('users.deduct-credits', player);
    const after = rows.map((row) => (row.after as { balance: number }).balance);
    expect(after.sort((a, b) => a - b)).toEqual([1, 4, 7, 10, 13]);
  });

  it("signs a player out everywhere: each of the player's cookies answers 401 after", async () => {
    const player = await signUp(t.app);
    const again = await postJson(t.app, 'usersLogin', { email: player.email, password: PASSWORD });
    const second = sessionCookieOf(again);
    const answer = await post(staff, 'consolePlayerSignOut', { playerId: player.id });
    expect(jsonOf(answer)).toEqual({ signedOut: 2 });
    for (const cookie of [player.cookie, second]) {
      expect((await postJson(t.app, 'usersMe', {}, { cookie })).statusCode).toBe(401);
    }
    expect(await auditOf('users.sign-out-everywhere', player)).toMatchObject([
      { actor: { id: staff.id }, before: { sessions: 2 }, after: { sessions: 0 } },
    ]);
    // Staff's own session is untouched.
    expect((await pageOf(player)).profile.id).toBe(player.id);
  });

  it('answers any body without a 500, a refusal always in the error envelope', async () => {
    const player = await signUp(t.app);
    await grant(player, 50);
    await reauth(admin);
    // A cursor as the lists make them (a time and an id), for the fuzzer to bend.
    const cursor = Buffer.from(JSON.stringify([START, UNKNOWN])).toString('base64url');
    const routes: [ApiRouteName, unknown[]][] = [
      ['consolePlayer', [{ playerId: player.id }]],
      ['consolePlayerCreditHistory', [{ playerId: player.id, cursor: '1' }]],
      ['consolePlayerBookings', [{ playerId: player.id, list: 'upcoming', cursor }]],
      ['consolePlayerOrders', [{ playerId: player.id, cursor }]],
      ['consolePlayerGamePasses', [{ playerId: player.id, cursor }]],
      ['consolePlayerRedemptions', [{ playerId: player.id, cursor }]],
      ['consolePlayerResults', [{ playerId: player.id, cursor }]],
      ['consolePlayerSignOut', [{ playerId: UNKNOWN }]],
      [
        'consolePlayerCredits',
        [{ playerId: player.id, change: 'deduct', credits: 1, reason: 'fuzz' }],
      ],
    ];
    await answersAnyBody(admin, routes, 20_261_201);
  });
});
