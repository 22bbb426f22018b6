/**
 * The console player page's lists a page at a time (routes `consolePlayerBookings`,
 * `consolePlayerOrders`, `consolePlayerGamePasses`, `consolePlayerRedemptions`,
 * `consolePlayerResults`): more rows than a page in each, walked by cursor to the end, every row
 * once and in order, rows of the same millisecond (the fixed clock) ordered by id; a row written
 * between two pages moves nothing. Each route answers 401 without a session, 403 to a player,
 * and 400 to a cursor the server did not make.
 */
import { randomUUID } from 'node:crypto';
import {
  PLAYER_BOOKINGS_PAGE_SIZE,
  PLAYER_ORDERS_PAGE_SIZE,
  PLAYER_PASSES_PAGE_SIZE,
  PLAYER_REDEMPTIONS_PAGE_SIZE,
  PLAYER_RESULTS_PAGE_SIZE,
  type ApiRouteName,
  type ConsolePlayer,
  type OrderLine,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codes,
  eventSlots,
  gameResults,
  orders,
  redemptions,
  registrations,
} from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const START = '2026-06-01T12:00:10Z';
const MINUTE = 60_000;
const MAX_PAGES = 10;

type Page = { entries: unknown[]; nextCursor: string | null };
type Keyed = { at: Date; id: string };

/** `count` times back from START, `perTime` rows to a millisecond, so pages end inside a tie. */
const times = (count: number, perTime: number) =>
  Array.from(
    { length: count },
    (_, i) => new Date(Date.parse(START) - Math.floor(i / perTime) * MINUTE),
  );

/** Newest first, ties by id, as Postgres compares uuids (their bytes: the hex text's order). */
const newestFirst = (a: Keyed, b: Keyed) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The `name` of each row, in the order the lists must show them. */
const inOrder = <Row extends Keyed, Name>(rows: Row[], name: (row: Row) => Name) =>
  [...rows].sort(newestFirst).map(name);

const line: OrderLine = {
  sku: 'credits-16',
  quantity: 1,
  label: 'Purchase 16 Credits',
  includes: [],
};

describe(`the player page's lists by cursor [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let player: SignedUp;
  let other: SignedUp;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;

  /** The expected rows of each list, by the name the wire shows, in order. */
  const expected = {
    orders: [] as string[],
    passes: [] as string[],
    redemptions: [] as string[],
    results: [] as number[],
    upcoming: [] as string[],
    past: [] as string[],
  };

  async function insertOrders(userId: string, at: Date[], prefix: string) {
    return db()
      .insert(orders)
      .values(
        at.map((createdAt, i) => ({
          orderNumber: `QF-${prefix}${String(i).padStart(3, '0')}`,
          userId,
          idemKey: randomUUID(),
          requestHash: 'test',
          kind: 'credit_pack' as const,
          items: [line],
          amountCents: 1799,
          credits: 16,
          provider: 'test' as const,
          createdAt,
          updatedAt: createdAt,
        })),
      )
      .returning();
  }

  /** 23 games played and 22 to come, one seat each, each with a result. */
  async function seedSeats(userId: string) {
    const starts = [
      ...Array.from({ length: 23 }, (_, i) => new Date(Date.parse(START) - (i + 1) * 30 * MINUTE)),
      ...Array.from({ length: 22 }, (_, i) => new Date(Date.parse(START) + (i + 1) * 30 * MINUTE)),
    ];
    const slots = await db()
      .insert(eventSlots)
      .values(starts.map((startsAt) => ({ startsAt, booked: 1 })))
      .returning();
    const seats = await db()
      .insert(registrations)
      .values(slots.map((slot) => ({ slotId: slot.id, userId, source: 'booking' as const })))
      .returning();
    const at = times(seats.length, 3);
    const results = await db()
      .insert(gameResults)
      .values(
        seats.map((seat, i) => ({
          userId,
          slotId: seat.slotId,
          registrationId: seat.id,
          score: i,
          timeMs: 60_000,
          distance: 100,
          createdAt: at[i],
        })),
      )
      .returning();
    expected.results = inOrder(
      results.map((row) => ({ ...row, at: row.createdAt })),
      (row) => row.score,
    );
    const now = Date.parse(START);
    const iso = (date: Date) => date.toISOString();
    expected.upcoming = starts
      .filter((s) => s.getTime() > now)
      .sort((a, b) => +a - +b)
      .map(iso);
    expected.past = starts
      .filter((s) => s.getTime() <= now)
      .sort((a, b) => +b - +a)
      .map(iso);
  }

  /**
   * 25 Game Passes of the player's order and 25 of another player's order that the player
   * redeemed, six to a millisecond across both; the redemptions are the player's redemptions.
   */
  async function seedPasses(ownOrderId: string) {
    const [otherOrder] = await insertOrders(other.id, [new Date(START)], 'OTHER');
    const at = times(25, 3);
    const pass = (i: number, side: string) => ({
      codeHash: randomUUID(),
      kind: 'one_time' as const,
      credits: 16,
      label: `Game Pass …${side}${String(i).padStart(3, '0')}`,
      createdAt: at[i] ?? new Date(START),
    });
    const owned = await db()
      .insert(codes)
      .values(at.map((_, i) => ({ ...pass(i, 'A'), orderId: ownOrderId, ownerId: player.id })))
      .returning();
    const redeemedAt = times(25, 3);
    const given = await db()
      .insert(codes)
      .values(
        at.map((_, i) => ({
          ...pass(i, 'B'),
          orderId: otherOrder?.id,
          ownerId: other.id,
          claimedBy: player.id,
          claimedAt: redeemedAt[i],
        })),
      )
      .returning();
    await redeem(given.map((code, i) => ({ code, at: redeemedAt[i] ?? new Date(START) })));
    expected.passes = inOrder(
      [...owned, ...given].map((row) => ({ ...row, at: row.createdAt })),
      (row) => row.label,
    );
    expected.redemptions = inOrder(
      given.map((code, i) => ({ id: code.id, label: code.label, at: redeemedAt[i] ?? new Date() })),
      (row) => row.label,
    );
  }

  /** The player's redemptions of `codes`, each with its posting (the ledger's invariant). */
  async function redeem(redeemed: { code: { id: string; label: string }; at: Date }[]) {
    await db()
      .insert(redemptions)
      .values(
        redeemed.map(({ code, at }) => ({
          codeId: code.id,
          userId: player.id,
          codeLabel: code.label,
          redeemedAt: at,
        })),
      );
    await db().transaction(async (tx) => {
      for (const { code } of redeemed) {
        const source = { type: 'code' as const, id: code.id };
        await services.credits.post(tx, { userId: player.id, delta: 16, reason: 'redeem', source });
      }
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    await enrol(staff);
    player = await signUp(t.app);
    other = await signUp(t.app);
    const ordersAt = times(45, 3);
    const placed = await insertOrders(player.id, ordersAt, 'P');
    expected.orders = inOrder(
      placed.map((row) => ({ ...row, at: row.createdAt })),
      (row) => row.orderNumber,
    );
    await seedSeats(player.id);
    await seedPasses(placed[0]?.id ?? '');
  });
  afterAll(() => t.close());

  const firstPage = async () => {
    const answer = await post(staff, 'consolePlayer', { playerId: player.id });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsolePlayer>(answer);
  };

  /** Every page of a list from `first` on, by `route`: all its rows, and each page's length. */
  async function walk<Row>(route: ApiRouteName, body: object, first: Page) {
    const rows = [...first.entries] as Row[];
    const sizes = [first.entries.length];
    let cursor = first.nextCursor;
    while (cursor !== null && sizes.length < MAX_PAGES) {
      const answer = await post(staff, route, { playerId: player.id, ...body, cursor });
      expect(answer.statusCode, answer.body).toBe(200);
      const page = jsonOf<Page>(answer);
      rows.push(...(page.entries as Row[]));
      sizes.push(page.entries.length);
      cursor = page.nextCursor;
    }
    return { rows, sizes };
  }

  it('walks orders, Game Passes, redemptions and results to the end: each row once, in order', async () => {
    const page = await firstPage();
    const orderRows = await walk<{ orderNumber: string }>('consolePlayerOrders', {}, page.orders);
    expect(orderRows.sizes).toEqual([PLAYER_ORDERS_PAGE_SIZE, PLAYER_ORDERS_PAGE_SIZE, 5]);
    expect(orderRows.rows.map((order) => order.orderNumber)).toEqual(expected.orders);

    const passes = await walk<{ label: string }>('consolePlayerGamePasses', {}, page.gamePasses);
    expect(passes.sizes).toEqual([PLAYER_PASSES_PAGE_SIZE, PLAYER_PASSES_PAGE_SIZE, 10]);
    expect(passes.rows.map((pass) => pass.label)).toEqual(expected.passes);

    const redeemed = await walk<{ label: string }>(
      'consolePlayerRedemptions',
      {},
      page.redemptions,
    );
    expect(redeemed.sizes).toEqual([PLAYER_REDEMPTIONS_PAGE_SIZE, 5]);
    expect(redeemed.rows.map((row) => row.label)).toEqual(expected.redemptions);

    const results = await walk<{ score: number }>(
      'consolePlayerResults',
      {},
      page.leaderboard.results,
    );
    expect(results.sizes).toEqual([PLAYER_RESULTS_PAGE_SIZE, PLAYER_RESULTS_PAGE_SIZE, 5]);
    expect(results.rows.map((row) => row.score)).toEqual(expected.results);
  });

  it('pages games to come soonest first and games played latest first, each on its own', async () => {
    const { upcoming, past } = (await firstPage()).bookings;
    const soon = await walk<{ startsAt: string }>(
      'consolePlayerBookings',
      { list: 'upcoming' },
      upcoming,
    );
    expect(soon.sizes).toEqual([PLAYER_BOOKINGS_PAGE_SIZE, 2]);
    expect(soon.rows.map((seat) => seat.startsAt)).toEqual(expected.upcoming);
    const played = await walk<{ startsAt: string }>(
      'consolePlayerBookings',
      { list: 'past' },
      past,
    );
    expect(played.sizes).toEqual([PLAYER_BOOKINGS_PAGE_SIZE, 3]);
    expect(played.rows.map((seat) => seat.startsAt)).toEqual(expected.past);
  });

  it("gives a list's first page without a cursor, as the player's page has it", async () => {
    const page = await firstPage();
    for (const [route, body, first] of [
      ['consolePlayerOrders', {}, page.orders],
      ['consolePlayerGamePasses', {}, page.gamePasses],
      ['consolePlayerRedemptions', {}, page.redemptions],
      ['consolePlayerResults', {}, page.leaderboard.results],
      ['consolePlayerBookings', { list: 'upcoming' }, page.bookings.upcoming],
      ['consolePlayerBookings', { list: 'past' }, page.bookings.past],
    ] as const) {
      const answer = await post(staff, route, { playerId: player.id, ...body });
      expect(answer.statusCode, route).toBe(200);
      expect(jsonOf(answer), route).toEqual(first);
    }
  });

  it('keeps its place when a newer row arrives between two pages', async () => {
    const first = (await firstPage()).orders;
    await insertOrders(player.id, [new Date(Date.parse(START) + MINUTE)], 'NEW');
    const { rows } = await walk<{ orderNumber: string }>('consolePlayerOrders', {}, first);
    expect(rows.map((order) => order.orderNumber)).toEqual(expected.orders);
  });

  const LIST_ROUTES = [
    ['consolePlayerBookings', { list: 'past' }],
    ['consolePlayerOrders', {}],
    ['consolePlayerGamePasses', {}],
    ['consolePlayerRedemptions', {}],
    ['consolePlayerResults', {}],
  ] as const;

  it('answers 401 without a session and 403 to a player, on every list', async () => {
    for (const [route, body] of LIST_ROUTES) {
      const request = { playerId: player.id, ...body };
      expect((await postJson(t.app, route, request)).statusCode, route).toBe(401);
      const asPlayer = await postJson(t.app, route, request, { cookie: player.cookie });
      expect(asPlayer.statusCode, route).toBe(403);
    }
  });

  it('answers 400, never 500, to a cursor the server did not make', async () => {
    const encoded = (position: unknown) =>
      Buffer.from(JSON.stringify(position)).toString('base64url');
    const bad = [
      'not-a-cursor',
      '',
      'x'.repeat(201),
      42,
      encoded(['yesterday', randomUUID()]),
      encoded([START, 'not-a-uuid']),
      encoded({ at: START, id: randomUUID() }),
      Buffer.from('[').toString('base64url'),
    ];
    for (const [route, body] of LIST_ROUTES) {
      for (const cursor of bad) {
        const answer = await post(staff, route, { playerId: player.id, ...body, cursor });
        expect(answer.statusCode, `${route} ${String(cursor)}`).toBe(400);
      }
    }
  });
});
