/**
 * Games (security.md W14, R22): the ticket a seat comes with, what the game's origin can do
 * with it (Games/ValidateTicket, Games/SubmitResult, whose moves are replayed in the seat's
 * maze), CORS for that origin only, and the leaderboards. Every refusal leaves nothing stored.
 */
import {
  generateMaze,
  implausibleRun,
  MAX_SCORE,
  MAZE,
  MOVE_STEPS,
  stepFrom,
  type LeaderboardResponse,
  type MoveLetter,
  type RegisterEventResponse,
  type UserEvent,
  type ValidateTicketResponse,
} from '@questfield/contract';
import { eq, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventSlots, gameResults, registrations, users } from '../src/db/schema';
import { createGameTickets } from '../src/modules/games/game-tickets';
import { RESULT_REFUSALS_PER_SEAT } from '../src/modules/games/games.service';
import type { Services } from '../src/services';
import { wayBetween } from '../../../packages/contract/test/helpers/maze-way';
import { distinctIp, postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { postTo } from './helpers/http';
import {
  BACK,
  cellsOf,
  everyGemRun,
  resultOf,
  shortestRun,
  withDetour,
  type WalkedRun,
} from './helpers/maze-runs';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

type Player = { id: string; cookie: string; ip: string };

const START = '2026-06-01T14:00:00.000Z'; // the 10:00 AM game, ahead of NOW
const EVENT_ID = 'Old Mill District|10:00 AM';

/** The 10:00 AM game's maze, drawn from the public event id: a run worked out ahead of it. */
const aheadRun = () => shortestRun(EVENT_ID);

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
  async function book(who: Player, EventTime = START): Promise<RegisterEventResponse> {
    await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' });
    const response = await postJson(t.app, 'eventsRegister', { EventTime }, who);
    expect(response.statusCode).toBe(200);
    return jsonOf<RegisterEventResponse>(response);
  }

  /** A call from the game's page: its origin, no cookie, no CSRF header. */
  const fromGame = (route: 'gamesValidateTicket' | 'gamesSubmitResult', body: unknown) =>
    postJson(t.app, route, body, { csrfHeader: false, headers: { origin: gameOrigin() } });

  /** The maze's seed, as the game gets it with its ticket once the game has started. */
  async function mazeSeedOf(ticket: string): Promise<string> {
    const answer = await fromGame('gamesValidateTicket', { ticket });
    const { mazeSeed } = jsonOf<ValidateTicketResponse>(answer);
    if (typeof mazeSeed !== 'string') throw new Error(`no maze seed: ${answer.body}`);
    return mazeSeed;
  }

  /**
   * Tickets of `count` more seats of the 10:00 AM game, booked before it starts: one for each
   * refused result a test sends, as a seat takes a few refusals only.
   */
  async function otherSeats(count: number): Promise<string[]> {
    const tickets = [];
    for (let i = 0; i < count; i += 1) tickets.push((await book(await player(`other${i}`))).ticket);
    return tickets;
  }

  const resultCount = async () => (await db().select().from(gameResults)).length;
  const boards = async () =>
    jsonOf<LeaderboardResponse>(await postJson(t.app, 'gamesLeaderboard', {}));

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
        mazeSeed: expect.stringMatching(/^[\w-]{43}$/),
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
    // Ada's own seat, and a slot she has no seat on (picked by id: a table's row order moves).
    const [adaSeat] = await db()
      .select()
      .from(registrations)
      .where(eq(registrations.userId, ada.id));
    const [otherSlot] = await db()
      .select()
      .from(eventSlots)
      .where(ne(eventSlots.id, adaSeat?.slotId ?? ''))
      .limit(1);
    // The signature's first character changed (all six of its bits are signature; the last
    // character's lowest bits are padding, which a decoder may ignore).
    const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const seat = { userId: ada.id, registrationId: adaSeat?.id ?? '', endsAt: new Date() };
    const ownKey = createGameTickets(t.env.appSecret, clock);
    const otherKey = createGameTickets('another-secret-0123456789-abcdefghijklmnop', clock);
    const endsAt = new Date('2026-06-01T14:30:00Z');
    const forged = [
      `${header}.${payload}.${tampered}`,
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
      const submitted = await fromGame('gamesSubmitResult', { ticket: bad, ...aheadRun() });
      expect(jsonOf(submitted)).toEqual(refusal('GAME_TICKET_INVALID'));
    }
    // The game's end plus a second: expired.
    clock.set('2026-06-01T14:30:01Z');
    expect((await fromGame('gamesValidateTicket', { ticket })).statusCode).toBe(401);
    expect(jsonOf(await fromGame('gamesSubmitResult', { ticket, ...aheadRun() }))).toEqual(
      refusal('GAME_TICKET_INVALID'),
    );
    expect(await resultCount()).toBe(0);
  });

  it('R22: takes one possible result per seat, while the game runs', async () => {
    const ada = await player('ada');
    const { ticket } = await book(ada);
    const others = await otherSeats(6);
    expect(jsonOf(await fromGame('gamesSubmitResult', { ticket, ...aheadRun() }))).toEqual(
      refusal('GAME_NOT_LIVE'),
    );
    clock.set('2026-06-01T14:10:00Z');
    const seed = await mazeSeedOf(ticket);
    const run = shortestRun(seed);
    // A real run, but longer than the game has been running (10 minutes).
    const slow = shortestRun(seed, Math.ceil((10 * 60_000) / (run.moves.length - 1)));
    expect(slow.timeMs).toBeGreaterThan(10 * 60_000);
    expect(implausibleRun(generateMaze(seed), slow)).toBeNull();
    const impossible = [
      { ...run, timeMs: run.timeMs - 1 },
      { ...run, distance: run.distance - MAZE.cellMetres },
      { ...run, distance: run.distance + 1 },
      { ...run, score: run.score + 1 },
      { ...run, score: MAZE.finishPoints - MAZE.gemPoints },
      slow,
    ];
    for (const [index, bad] of impossible.entries()) {
      const other = { ticket: others[index], ...bad };
      expect(jsonOf(await fromGame('gamesSubmitResult', other))).toEqual(
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
    const run = shortestRun(await mazeSeedOf(ticket));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fromGame('gamesSubmitResult', { ticket, ...run })),
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
    const seed = await mazeSeedOf(tickets[0] as string);
    // ada and cyd collect every gem, ada with a step out and back first and slower, so in
    // any maze she walks further and takes longer; bob goes straight out at the fastest pace.
    const runs = [
      resultOf(seed, withDetour(everyGemRun(seed).moves), 3 * MAZE.moveMs),
      shortestRun(seed, MAZE.minMsPerCell),
      everyGemRun(seed, MAZE.moveMs),
    ];
    for (const [index, ticket] of tickets.entries()) {
      clock.advance(1_000); // ties list the earlier run first
      const response = await fromGame('gamesSubmitResult', { ticket, ...runs[index] });
      expect(response.statusCode).toBe(200);
    }
    const [ada, bob, cyd] = runs as [WalkedRun, WalkedRun, WalkedRun];
    expect(bob.score).toBeLessThan(MAX_SCORE);
    expect(cyd.distance).toBeLessThan(ada.distance);
    expect(await boards()).toEqual({
      score: [
        { rank: 1, name: 'ada', value: MAX_SCORE },
        { rank: 1, name: 'cyd', value: MAX_SCORE },
        { rank: 3, name: 'bob', value: bob.score },
      ],
      time: [
        { rank: 1, name: 'bob', value: bob.timeMs },
        { rank: 2, name: 'cyd', value: cyd.timeMs },
        { rank: 3, name: 'ada', value: ada.timeMs },
      ],
      distance: [
        { rank: 1, name: 'ada', value: ada.distance },
        { rank: 2, name: 'cyd', value: cyd.distance },
        { rank: 3, name: 'bob', value: bob.distance },
      ],
    });
    const mine = jsonOf(await postJson(t.app, 'gamesMyBests', {}, players[1]));
    expect(mine).toEqual({
      score: { rank: 3, name: 'bob', value: bob.score },
      time: { rank: 1, name: 'bob', value: bob.timeMs },
      distance: { rank: 3, name: 'bob', value: bob.distance },
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
    const run = shortestRun(await mazeSeedOf(adaTicket));
    expect((await fromGame('gamesSubmitResult', { ticket: adaTicket, ...run })).statusCode).toBe(
      200,
    );
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
        score: MAX_SCORE,
        timeMs: 90_000,
        distance: 1_000,
        createdAt: clock.now(),
      });
    expect(await names('day')).toEqual([]);
    clock.advance(2_000);
    expect(await names('day')).toEqual(['bob']);

    for (const body of [{ period: 'month' }, { period: 'all', extra: 1 }]) {
      expect((await postJson(t.app, 'gamesLeaderboard', body)).statusCode).toBe(400);
    }
  });

  it("refuses every gem on the bare shortest way at the fastest pace (the attacker's run), ranking none", async () => {
    const ada = await player('ada');
    const { ticket } = await book(ada, '2026-06-01T15:30:00.000Z');
    clock.set('2026-06-01T15:40:00Z');
    const seed = await mazeSeedOf(ticket);
    const maze = generateMaze(seed);
    const steps = maze.shortestSteps;
    const claim = {
      score: MAX_SCORE,
      timeMs: (steps - 1) * MAZE.minMsPerCell + MAZE.moveMs,
      distance: steps * MAZE.cellMetres,
    };
    // As the attacker sent it: figures without the moves that made them.
    const bare = await fromGame('gamesSubmitResult', { ticket, ...claim });
    expect(bare.statusCode).toBe(400);
    expect(jsonOf(bare)).toMatchObject({ code: 'VALIDATION_FAILED' });
    // With the shortest way's moves at the fastest pace: they pass too few gems for the claim.
    const straight = resultOf(seed, wayBetween(maze, maze.start, maze.exit), MAZE.minMsPerCell);
    expect(straight.score).toBeLessThan(MAX_SCORE);
    for (const forged of [
      { ...straight, ...claim },
      { ...straight, score: MAX_SCORE },
    ]) {
      const refused = await fromGame('gamesSubmitResult', { ticket, ...forged });
      expect(refused.statusCode).toBe(422);
      expect(jsonOf(refused)).toEqual(refusal('GAME_RESULT_IMPOSSIBLE'));
    }
    expect(await resultCount()).toBe(0);
    expect(await boards()).toEqual({ score: [], time: [], distance: [] });

    // The same seat's real walk through every gem counts, with the replay's figures.
    const real = everyGemRun(seed);
    const accepted = await fromGame('gamesSubmitResult', { ticket, ...real });
    expect(accepted.statusCode).toBe(200);
    expect(await boards()).toEqual({
      score: [{ rank: 1, name: 'ada', value: MAX_SCORE }],
      time: [{ rank: 1, name: 'ada', value: real.timeMs }],
      distance: [{ rank: 1, name: 'ada', value: real.distance }],
    });
    expect(real.distance).toBeGreaterThan(claim.distance);
    expect(real.timeMs).toBeGreaterThan(claim.timeMs);
  });

  it('refuses moves through a wall, sooner than the fastest player, past or short of the exit', async () => {
    const { ticket } = await book(await player('ada'));
    const others = await otherSeats(6);
    clock.set('2026-06-01T14:10:00Z');
    const seed = await mazeSeedOf(ticket);
    const maze = generateMaze(seed);
    const way = wayBetween(maze, maze.start, maze.exit);
    const fastest = resultOf(seed, way, MAZE.minMsPerCell);
    // Halfway along the way, a step into a neighbouring cell that a wall closes off.
    const half = Math.floor(way.length / 2);
    const at = cellsOf(seed, way.slice(0, half)).at(-1)!;
    const walled = (Object.keys(MOVE_STEPS) as MoveLetter[]).find((letter) => {
      const { dx, dy } = MOVE_STEPS[letter];
      const [x, y] = [at.x + dx, at.y + dy];
      const inside = x >= 0 && y >= 0 && x < maze.columns && y < maze.rows;
      return inside && stepFrom(maze, at, letter) === null;
    });
    expect(walled).toBeDefined();
    const back = wayBetween(maze, maze.exit, maze.start).slice(0, 1);
    const shortOfExit = resultOf(seed, way.slice(0, -1), MAZE.minMsPerCell);
    const impossible = [
      { ...fastest, moves: way.slice(0, half) + walled! + way.slice(half + 1) },
      {
        ...fastest,
        gaps: fastest.gaps.map((gap, i) => (i === half ? gap - 1 : gap)),
        timeMs: fastest.timeMs - 1,
      },
      resultOf(seed, way + back, MAZE.minMsPerCell),
      { ...shortOfExit, score: shortOfExit.score - MAZE.finishPoints },
      shortOfExit,
      { ...fastest, gaps: fastest.gaps.slice(1) },
    ];
    // Each refused by its own rule of the replay.
    expect(impossible.map((run) => implausibleRun(maze, run))).toEqual([
      'wall',
      'pace',
      'after-exit',
      'score',
      'unfinished',
      'moves',
    ]);
    for (const [index, bad] of impossible.entries()) {
      const other = { ticket: others[index], ...bad };
      expect(jsonOf(await fromGame('gamesSubmitResult', other))).toEqual(
        refusal('GAME_RESULT_IMPOSSIBLE'),
      );
    }
    // Malformed or oversized moves never reach the replay.
    const malformed = [
      { ...fastest, moves: `${way.slice(0, -1)}x` },
      { ...fastest, moves: 'r'.repeat(MAZE.maxMoves + 1) },
      { ...fastest, gaps: [...fastest.gaps.slice(1), -1] },
      { ...fastest, gaps: [...fastest.gaps.slice(1), 110.5] },
    ];
    for (const bad of malformed) {
      const response = await fromGame('gamesSubmitResult', { ticket, ...bad });
      expect(response.statusCode).toBe(400);
    }
    expect(await resultCount()).toBe(0);

    // Exactly the fastest pace counts.
    const exact = await fromGame('gamesSubmitResult', { ticket, ...fastest });
    expect(exact.statusCode).toBe(200);
    expect(await db().select().from(gameResults)).toEqual([
      expect.objectContaining({ timeMs: fastest.timeMs, distance: fastest.distance }),
    ]);
  });

  it('hands the maze to the game at the start only: a run drawn from the public event id fails', async () => {
    const [ada, bob] = [await player('ada'), await player('bob')];
    const [{ ticket }, { ticket: bobTicket }] = [await book(ada), await book(bob)];
    const before = jsonOf<ValidateTicketResponse>(
      await fromGame('gamesValidateTicket', { ticket }),
    );
    expect(before.mazeSeed).toBeNull();
    clock.set('2026-06-01T14:10:00Z');
    // The attacker's run: every gem at the fastest pace, worked out ahead from the event id.
    const offline = everyGemRun(EVENT_ID, MAZE.minMsPerCell);
    expect(implausibleRun(generateMaze(EVENT_ID), offline)).toBeNull();
    const refused = await fromGame('gamesSubmitResult', { ticket, ...offline });
    expect(jsonOf(refused)).toEqual(refusal('GAME_RESULT_IMPOSSIBLE'));
    // The game's maze: the same for every seat of the game, drawn from no public value.
    const seed = await mazeSeedOf(ticket);
    expect(seed).not.toContain(EVENT_ID);
    expect(await mazeSeedOf(bobTicket)).toBe(seed);
    expect(generateMaze(seed).walls).not.toEqual(generateMaze(EVENT_ID).walls);
    const played = await fromGame('gamesSubmitResult', { ticket, ...everyGemRun(seed) });
    expect(played.statusCode).toBe(200);
  });

  it('takes a copied move list from another seat of the game as no result of its own', async () => {
    const [ada, bob] = [await player('ada'), await player('bob')];
    const [adaTicket, bobTicket] = [(await book(ada)).ticket, (await book(bob)).ticket];
    clock.set('2026-06-01T14:10:00Z');
    const seed = await mazeSeedOf(adaTicket);
    const run = everyGemRun(seed, MAZE.minMsPerCell);
    expect((await fromGame('gamesSubmitResult', { ticket: adaTicket, ...run })).statusCode).toBe(
      200,
    );
    // The very moves again, at the same pace or a slower one: not a tie, not a second place.
    for (const copy of [run, everyGemRun(seed, MAZE.moveMs)]) {
      const copied = await fromGame('gamesSubmitResult', { ticket: bobTicket, ...copy });
      expect(copied.statusCode).toBe(409);
      expect(jsonOf(copied)).toEqual(refusal('GAME_RESULT_COPIED'));
    }
    expect((await boards()).time).toEqual([{ rank: 1, name: 'ada', value: run.timeMs }]);
    // A run of bob's own counts.
    const own = await fromGame('gamesSubmitResult', { ticket: bobTicket, ...shortestRun(seed) });
    expect(own.statusCode).toBe(200);
  });

  it("refuses the attacker's burst cheaply: one replay at a time, and the seat spent after a few", async () => {
    const { ticket } = await book(await player('ada'));
    clock.set('2026-06-01T14:10:00Z');
    const seed = await mazeSeedOf(ticket);
    const maze = generateMaze(seed);
    const way = wayBetween(maze, maze.start, maze.exit);
    // The attacker's body: 6,000 moves, more than any run in a maze this size needs.
    const out = way[0] as MoveLetter;
    const long = resultOf(seed, `${out}${BACK[out]}`.repeat(3_000));
    const oversize = await fromGame('gamesSubmitResult', { ticket, ...long });
    expect(oversize.statusCode).toBe(400);
    // Figures that agree with their moves, which stop a step short of the exit: only the whole
    // replay finds out. Sent 40 at once over HTTP with the one ticket.
    const failing = resultOf(seed, way.slice(0, -1));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const send = (run: WalkedRun) =>
      postTo(base, 'gamesSubmitResult', { ticket, ...run }, { headers: { origin: gameOrigin() } });
    const burst = await Promise.all(Array.from({ length: 40 }, () => send(failing)));
    const codes = await Promise.all(
      burst.map(async (response) => ((await response.json()) as { code: string }).code),
    );
    const replayed = codes.filter((code) => code === 'GAME_RESULT_IMPOSSIBLE').length;
    expect(replayed).toBeGreaterThan(0);
    expect(replayed).toBeLessThanOrEqual(RESULT_REFUSALS_PER_SEAT);
    const others = ['GAME_RESULT_CHECKING', 'GAME_TICKET_SPENT'];
    expect(
      codes.filter((code) => code !== 'GAME_RESULT_IMPOSSIBLE' && !others.includes(code)),
    ).toEqual([]);
    // One at a time, the refusals run out at the limit; then the seat takes nothing, not even
    // a real run, and the game is told so.
    let refusals = replayed;
    while (refusals < RESULT_REFUSALS_PER_SEAT) {
      const response = await send(failing);
      expect(response.status).toBe(422);
      refusals += 1;
    }
    for (const run of [failing, everyGemRun(seed)]) {
      const spent = await send(run);
      expect(spent.status).toBe(409);
      expect(await spent.json()).toEqual(refusal('GAME_TICKET_SPENT'));
    }
    expect(jsonOf(await fromGame('gamesValidateTicket', { ticket }))).toEqual(
      refusal('GAME_TICKET_SPENT'),
    );
    expect(await resultCount()).toBe(0);
  });
});
