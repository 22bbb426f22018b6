/**
 * Games (security.md W14, R22): the ticket a seat comes with, what the game's origin can do
 * with it (Games/ValidateTicket, Games/SubmitResult), CORS for that origin only, and the
 * leaderboards. Every refusal leaves nothing stored.
 */
import {
  ERRORS,
  generateMaze,
  MAZE,
  type RegisterEventResponse,
  type UserEvent,
  type ValidateTicketResponse,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventSlots, gameResults, registrations, users } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { createGameTickets } from '../src/modules/games/game-tickets';
import type { Services } from '../src/services';
import { distinctIp, postJson } from './helpers/accounts';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

type Player = { id: string; cookie: string; ip: string };

const NOW = '2026-06-01T12:00:00Z'; // 8:00 AM in New York: the 10:00 AM game (14:00 UTC) is ahead
const START = '2026-06-01T14:00:00.000Z';
const EVENT_ID = 'Old Mill District|10:00 AM';
const refusal = (code: keyof typeof ERRORS) => ({ code, message: ERRORS[code].message });

/** A run along the shortest way at the fastest pace the maze allows, with `gems` gems. */
function fastestRun(gems = 0) {
  const steps = generateMaze(EVENT_ID).shortestSteps;
  return {
    score: MAZE.finishPoints + gems * MAZE.gemPoints,
    timeMs: steps * MAZE.minMsPerCell,
    distance: steps * MAZE.cellMetres,
  };
}

describe(`games [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);
  const db = () => t.database.handle.db;
  const gameOrigin = () => t.env.gameOrigin;

  beforeEach(async () => {
    clock.set(NOW);
    t = await createTestApp({ clock });
    services = servicesOf(t);
  });
  afterEach(async () => {
    await t.close();
  });

  async function player(name: string, credits = 2): Promise<Player> {
    const [created] = await db()
      .insert(users)
      .values({ email: `${name}@example.com`, username: name, passwordHash: 'not-a-login' })
      .returning({ id: users.id });
    const id = created?.id ?? '';
    await services.credits.grant({ userId: id, credits, reason: 'test' });
    const ip = distinctIp();
    const session = await services.sessions.create(id, { ip, userAgent: 'test' });
    return { id, cookie: session.id, ip };
  }

  /** Books the 10:00 AM game for `who` and returns the booking's answer (with its ticket). */
  async function book(who: Player): Promise<RegisterEventResponse> {
    await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' });
    const response = await postJson(t.app, 'eventsRegister', { EventTime: START }, who);
    expect(response.statusCode).toBe(200);
    return jsonOf<RegisterEventResponse>(response);
  }

  /** A call from the game's page: its origin, no cookie, no CSRF header. */
  const fromGame = (route: 'gamesValidateTicket' | 'gamesSubmitResult', body: unknown) =>
    postJson(t.app, route, body, { csrfHeader: false, headers: { origin: gameOrigin() } });

  const resultCount = async () => (await db().select().from(gameResults)).length;

  it('gives a ticket with the booking and the next-game check, which the game validates', async () => {
    const ada = await player('ada');
    const booked = await book(ada);
    expect(booked.ticket).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const [next] = jsonOf<UserEvent[]>(
      await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, ada),
    );
    expect(next?.ticket).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    clock.set('2026-06-01T14:05:00Z');
    for (const ticket of [booked.ticket, next?.ticket]) {
      const response = await fromGame('gamesValidateTicket', { ticket });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(gameOrigin());
      expect(jsonOf<ValidateTicketResponse>(response)).toEqual({
        playerName: 'ada',
        eventId: EVENT_ID,
        roomName: 'Old Mill District',
        startsAt: START,
        endsAt: '2026-06-01T14:30:00.000Z',
        secondsLeft: 25 * 60,
        submitted: false,
      });
    }
  });

  it("answers CORS for the game's origin on its routes only", async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/Games/SubmitResult',
      headers: {
        origin: gameOrigin(),
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(gameOrigin());
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/Users/Me',
      headers: { origin: gameOrigin(), 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const elsewhere = await postJson(
      t.app,
      'gamesValidateTicket',
      { ticket: 'x'.repeat(40) },
      { csrfHeader: false, headers: { origin: 'https://evil.example' } },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('R22: refuses a forged, tampered, foreign-key, expired or other-seat ticket', async () => {
    const [ada, bob] = [await player('ada'), await player('bob')];
    const { ticket } = await book(ada);
    await book(bob);
    clock.set('2026-06-01T14:05:00Z');
    const [header, payload, signature] = ticket.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const asBob = Buffer.from(JSON.stringify({ ...claims, sub: bob.id })).toString('base64url');
    const [adaSeat] = await db().select().from(registrations).limit(1);
    const [otherSlot] = await db().select().from(eventSlots).limit(1).offset(3);
    const seat = { userId: ada.id, registrationId: adaSeat?.id ?? '', endsAt: new Date() };
    const ownKey = createGameTickets(t.env.appSecret, clock);
    const otherKey = createGameTickets('another-secret-0123456789-abcdefghijklmnop', clock);
    const endsAt = new Date('2026-06-01T14:30:00Z');
    const forged = [
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${header}.${asBob}.${signature}`,
      await otherKey.issue({ ...seat, slotId: adaSeat?.slotId ?? '', endsAt }),
      // Signed with the real key, but for a game the seat is not on.
      await ownKey.issue({ ...seat, slotId: otherSlot?.id ?? '', endsAt }),
      await ownKey.issue({ ...seat, userId: bob.id, slotId: adaSeat?.slotId ?? '', endsAt }),
      'not-a-ticket-at-all-0123456789',
    ];
    for (const bad of forged) {
      expect(jsonOf(await fromGame('gamesValidateTicket', { ticket: bad }))).toEqual(
        refusal('GAME_TICKET_INVALID'),
      );
      const submitted = await fromGame('gamesSubmitResult', { ticket: bad, ...fastestRun() });
      expect(jsonOf(submitted)).toEqual(refusal('GAME_TICKET_INVALID'));
    }
    // The game's end plus a second: expired.
    clock.set('2026-06-01T14:30:01Z');
    expect((await fromGame('gamesValidateTicket', { ticket })).statusCode).toBe(401);
    expect(jsonOf(await fromGame('gamesSubmitResult', { ticket, ...fastestRun() }))).toEqual(
      refusal('GAME_TICKET_INVALID'),
    );
    expect(await resultCount()).toBe(0);
  });

  it('R22: takes one possible result per seat, while the game runs', async () => {
    const ada = await player('ada');
    const { ticket } = await book(ada);
    const run = fastestRun(3);
    expect(jsonOf(await fromGame('gamesSubmitResult', { ticket, ...run }))).toEqual(
      refusal('GAME_NOT_LIVE'),
    );
    clock.set('2026-06-01T14:10:00Z');
    const impossible = [
      { ...run, timeMs: run.timeMs - 1 },
      { ...run, distance: run.distance - MAZE.cellMetres },
      { ...run, distance: run.distance + 1 },
      { ...run, score: run.score + 1 },
      { ...run, score: MAZE.finishPoints - MAZE.gemPoints },
      // Longer than the game has been running.
      { ...run, timeMs: 10 * 60_000 + 1 },
    ];
    for (const bad of impossible) {
      expect(jsonOf(await fromGame('gamesSubmitResult', { ticket, ...bad }))).toEqual(
        refusal('GAME_RESULT_IMPOSSIBLE'),
      );
    }
    expect(await resultCount()).toBe(0);

    const first = await fromGame('gamesSubmitResult', { ticket, ...run });
    expect(first.statusCode).toBe(200);
    expect(jsonOf(first)).toEqual({ ranks: { score: 1, time: 1, distance: 1 } });
    expect(jsonOf(await fromGame('gamesSubmitResult', { ticket, ...run }))).toEqual(
      refusal('GAME_RESULT_REPEATED'),
    );
    const validated = jsonOf<ValidateTicketResponse>(
      await fromGame('gamesValidateTicket', { ticket }),
    );
    expect(validated.submitted).toBe(true);
    expect(await db().select().from(gameResults)).toEqual([
      expect.objectContaining({ userId: ada.id, score: run.score, timeMs: run.timeMs }),
    ]);
  });

  it('stores one result of 10 sent at once for one seat', async () => {
    const { ticket } = await book(await player('ada'));
    clock.set('2026-06-01T14:10:00Z');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fromGame('gamesSubmitResult', { ticket, ...fastestRun() })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await resultCount()).toBe(1);
  });

  it('ranks players by their best run on each board, and tells a player their own', async () => {
    const names = ['ada', 'bob', 'cyd'];
    const players = await Promise.all(names.map((name) => player(name)));
    const tickets = [];
    for (const who of players) tickets.push((await book(who)).ticket);
    clock.set('2026-06-01T14:20:00Z');
    const fastest = fastestRun();
    const runs = [
      { ...fastestRun(12), timeMs: fastest.timeMs * 3 },
      {
        ...fastestRun(2),
        distance: fastest.distance + 8 * MAZE.cellMetres,
        timeMs: fastest.timeMs + 8 * MAZE.minMsPerCell,
      },
      { ...fastestRun(12), timeMs: fastest.timeMs * 2 },
    ];
    for (const [index, ticket] of tickets.entries()) {
      clock.advance(1_000); // ties list the earlier run first
      const response = await fromGame('gamesSubmitResult', { ticket, ...runs[index] });
      expect(response.statusCode).toBe(200);
    }
    const boards = jsonOf(await postJson(t.app, 'gamesLeaderboard', {}));
    expect(boards).toEqual({
      score: [
        { rank: 1, name: 'ada', value: runs[0]?.score },
        { rank: 1, name: 'cyd', value: runs[2]?.score },
        { rank: 3, name: 'bob', value: runs[1]?.score },
      ],
      time: [
        { rank: 1, name: 'bob', value: runs[1]?.timeMs },
        { rank: 2, name: 'cyd', value: fastest.timeMs * 2 },
        { rank: 3, name: 'ada', value: fastest.timeMs * 3 },
      ],
      distance: [
        { rank: 1, name: 'bob', value: runs[1]?.distance },
        { rank: 2, name: 'ada', value: fastest.distance },
        { rank: 2, name: 'cyd', value: fastest.distance },
      ],
    });
    const mine = jsonOf(await postJson(t.app, 'gamesMyBests', {}, players[1]));
    expect(mine).toEqual({
      score: { rank: 3, name: 'bob', value: runs[1]?.score },
      time: { rank: 1, name: 'bob', value: runs[1]?.timeMs },
      distance: { rank: 1, name: 'bob', value: runs[1]?.distance },
    });
    const newcomer = await player(`p${randomUUID().slice(0, 8)}`);
    expect(jsonOf(await postJson(t.app, 'gamesMyBests', {}, newcomer))).toEqual({
      score: null,
      time: null,
      distance: null,
    });
    expect((await postJson(t.app, 'gamesMyBests', {})).statusCode).toBe(401);
  });

  it('counts the runs of the last day, the last week or every run, and keeps a board 2 s', async () => {
    const [ada, bob] = await Promise.all([player('ada'), player('bob')]);
    const adaTicket = (await book(ada)).ticket;
    await book(bob);
    clock.set('2026-06-01T14:20:00Z');
    expect(
      (await fromGame('gamesSubmitResult', { ticket: adaTicket, ...fastestRun(3) })).statusCode,
    ).toBe(200);
    const names = async (period?: string) => {
      const response = await postJson(
        t.app,
        'gamesLeaderboard',
        period === undefined ? {} : { period },
      );
      expect(response.statusCode).toBe(200);
      return jsonOf<{ score: { name: string }[] }>(response).score.map((entry) => entry.name);
    };
    expect(await names('day')).toEqual(['ada']);

    clock.set('2026-06-03T14:20:00Z'); // two days on: ada's run is outside the last day
    expect(await names('day')).toEqual([]);
    expect(await names('week')).toEqual(['ada']);
    expect(await names()).toEqual(['ada']);
    const mine = async (period: string) =>
      jsonOf<{ score: { rank: number } | null }>(
        await postJson(t.app, 'gamesMyBests', { period }, ada),
      ).score;
    expect(await mine('day')).toBeNull();
    expect(await mine('week')).toMatchObject({ rank: 1 });

    // A run stored by another process is seen once this process's copy is 2 s old.
    const [bobSeat] = await db()
      .select()
      .from(registrations)
      .where(eq(registrations.userId, bob.id));
    await db()
      .insert(gameResults)
      .values({
        registrationId: bobSeat?.id ?? '',
        userId: bob.id,
        slotId: bobSeat?.slotId ?? null,
        ...fastestRun(9),
        createdAt: clock.now(),
      });
    expect(await names('day')).toEqual([]);
    clock.advance(2_000);
    expect(await names('day')).toEqual(['bob']);

    for (const body of [{ period: 'month' }, { period: 'all', extra: 1 }]) {
      expect((await postJson(t.app, 'gamesLeaderboard', body)).statusCode).toBe(400);
    }
  });
});
