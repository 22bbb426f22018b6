/**
 * Live seat counts (ADR 0030): GET /api/Events/SeatStream streams a venue day's slots as
 * Server-Sent Events, at once and again within a second of any change to that day's seats; an
 * event's id names its contents, so a browser resuming with Last-Event-ID is not sent what it
 * has. Streams are limited per session and per address and end with their session; every
 * refusal comes before the stream, as JSON. On Postgres a booking made through a second server
 * process reaches the stream too (LISTEN/NOTIFY).
 */
import { randomUUID } from 'node:crypto';
import { API_ROUTES, ERRORS, SEAT_STREAM, type AvailableTime } from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { systemClock } from '../src/lib/clock';
import { createSeatStreams, type StreamRefusal } from '../src/modules/bookings/seat-stream';
import type { Services } from '../src/services';
import { COOKIE, distinctIp } from './helpers/accounts';
import { openEventStream, type EventStreamClient } from './helpers/event-stream';
import { postTo } from './helpers/http';
import { twoProcesses } from './helpers/two-processes';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, servicesOf, type TestApp } from './helpers/test-app';

/** A change reaches the open streams within this (the bar: a second). */
const LIVE_MS = 1_000;

/** Tomorrow in the venue's time zone: always a day of future slots. */
const tomorrowIn = (zone: string) =>
  new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });

describe(`live seat counts [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;
  let origin: string;
  let day: string;
  const streams: EventStreamClient[] = [];

  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);

  const streamUrl = (base: string, date: string) =>
    `${base}${API_ROUTES.eventsSeatStream.path}?date=${encodeURIComponent(date)}`;

  async function watch(
    who: Player,
    options: { date?: string; lastEventId?: string; headers?: Record<string, string> } = {},
  ) {
    const stream = await openEventStream(streamUrl(origin, options.date ?? day), {
      cookie: `${COOKIE}=${who.cookie}`,
      'x-forwarded-for': who.ip,
      ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }),
      ...options.headers,
    });
    streams.push(stream);
    return stream;
  }

  const slotsOf = (event: { data: string }) => JSON.parse(event.data) as AvailableTime[];

  const book = (base: string, who: Player, eventTime: string) =>
    postTo(base, 'eventsRegister', { EventTime: eventTime }, { cookie: who.cookie, ip: who.ip });

  /** A listening app; each test player from its own address, named by the one proxy hop. */
  async function start(env: Record<string, string> = {}) {
    t = await createTestApp({ clock: systemClock, env: { TRUST_PROXY: '1', ...env } });
    services = servicesOf(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
    day = tomorrowIn(t.env.venueTimezone);
  }

  beforeEach(() => start());
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await t.close();
  });

  it("sends the day's slots at once, then each change within a second", async () => {
    const [viewer, booker] = await playersWith(2, 2);
    const stream = await watch(viewer as Player);
    expect(stream.status).toBe(200);
    const first = await stream.next();
    expect(first.event).toBe('message');
    const slots = slotsOf(first);
    const listed = await postTo(origin, 'eventsAvailableTimes', { date: day });
    expect(slots).toEqual(await listed.json());
    const slot = slots[0] as AvailableTime;

    const booked = await book(origin, booker as Player, slot.EventTime);
    expect(booked.status).toBe(200);
    const started = Date.now();
    const next = await stream.next(LIVE_MS);
    expect(Date.now() - started).toBeLessThan(LIVE_MS);
    expect(slotsOf(next)[0]).toEqual({ ...slot, SpotsAvailable: slot.SpotsAvailable - 1 });
    expect(next.id).not.toBe(first.id);
  });

  it('resumes from Last-Event-ID without sending what the browser has', async () => {
    const [viewer, booker] = await playersWith(2, 2);
    const stream = await watch(viewer as Player);
    const first = await stream.next();
    stream.close();
    const resumed = await watch(viewer as Player, { lastEventId: first.id ?? '' });
    const slot = slotsOf(first)[1] as AvailableTime;
    expect((await book(origin, booker as Player, slot.EventTime)).status).toBe(200);
    // The first event on the resumed stream is the change, not the day it already had.
    const next = await resumed.next(LIVE_MS);
    expect(slotsOf(next)[1]?.SpotsAvailable).toBe(slot.SpotsAvailable - 1);
    // Resuming from an id that is out of date sends the day as it is now.
    const stale = await watch(viewer as Player, { lastEventId: first.id ?? '' });
    expect((await stale.next()).id).toBe(next.id);
  });

  it('a seat given back, or freed by a deleted account, reaches the stream within a second', async () => {
    const [viewer, leaver, deleter] = await playersWith(2, 3);
    const stream = await watch(viewer as Player);
    const first = slotsOf(await stream.next())[0] as AvailableTime;
    /** The first slot's seats left as the stream shows them, once they read `left`. */
    async function seesLeft(left: number) {
      const started = Date.now();
      let shown = -1;
      while (shown !== left) {
        const wait = LIVE_MS - (Date.now() - started);
        shown = slotsOf(await stream.next(Math.max(wait, 1)))[0]?.SpotsAvailable ?? -1;
      }
      expect(Date.now() - started).toBeLessThan(LIVE_MS);
    }
    const booked = await book(origin, leaver as Player, first.EventTime);
    const { registrationId } = (await booked.json()) as { registrationId: string };
    await seesLeft(first.SpotsAvailable - 1);
    expect((await book(origin, deleter as Player, first.EventTime)).status).toBe(200);
    await seesLeft(first.SpotsAvailable - 2);

    const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
    const cancel = { registrationId };
    expect((await postTo(origin, 'eventsCancel', cancel, as(leaver as Player))).status).toBe(200);
    await seesLeft(first.SpotsAvailable - 1);
    await services.accountDeletion.deleteForOperator((deleter as Player).id);
    await seesLeft(first.SpotsAvailable);
  });

  it('opens at most a few streams per session and per address', async () => {
    const [viewer] = (await playersWith(0)) as [Player];
    for (let i = 0; i < SEAT_STREAM.perSession; i += 1) {
      const open = await watch(viewer);
      await open.next();
    }
    const refused = await watch(viewer);
    expect(refused.status).toBe(429);
    expect(await refused.body()).toEqual({
      code: 'RATE_LIMITED',
      message: ERRORS.RATE_LIMITED.message,
    });
    streams[0]?.close();
    await streams[0]?.ended;
    // The stream closed by the browser frees its place (the server hears the close).
    await expect.poll(async () => (await watch(viewer)).status, { timeout: 2_000 }).toBe(200);

    const crowd = await playersWith(0, SEAT_STREAM.perAddress + 1);
    const shared = '203.0.113.77';
    const statuses = [];
    for (const who of crowd) statuses.push((await watch({ ...who, ip: shared })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SEAT_STREAM.perAddress);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers only our own pages: a foreign Origin or Referer is refused before streaming', async () => {
    const [viewer] = (await playersWith(0)) as [Player];
    const foreignPages: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { referer: 'https://attacker.example/live' },
    ];
    for (const headers of foreignPages) {
      const foreign = await watch(viewer, { headers });
      expect(foreign.status, JSON.stringify(headers)).toBe(403);
      expect(await foreign.body()).toEqual({
        code: 'FORBIDDEN_ORIGIN',
        message: ERRORS.FORBIDDEN_ORIGIN.message,
      });
    }
    // The app's own page: with its Origin, its Referer, or neither (a same-origin GET).
    const ownPages: Record<string, string>[] = [
      { origin: t.env.publicOrigin },
      { referer: `${t.env.publicOrigin}/dashboard` },
      {},
    ];
    for (const headers of ownPages) {
      const own = await watch(viewer, { headers });
      expect(own.status, JSON.stringify(headers)).toBe(200);
      own.close();
      await own.ended;
    }
  });

  it('opens at most SEAT_STREAMS_PER_PROCESS streams in a process, then answers 503', async () => {
    await t.close();
    await start({ SEAT_STREAMS_PER_PROCESS: '3' });
    const crowd = await playersWith(0, 4);
    for (const who of crowd.slice(0, 3)) expect((await watch(who)).status).toBe(200);
    const refused = await watch(crowd[3] as Player);
    expect(refused.status).toBe(503);
    expect(await refused.body()).toEqual({
      code: 'SEAT_STREAMS_BUSY',
      message: ERRORS.SEAT_STREAMS_BUSY.message,
    });
    streams[0]?.close();
    await streams[0]?.ended;
    // A stream closed frees its place in the process.
    await expect
      .poll(async () => (await watch(crowd[3] as Player)).status, { timeout: 2_000 })
      .toBe(200);
  });

  it('refuses before streaming: no session, a bad or past date, a client that wants JSON', async () => {
    const [viewer] = (await playersWith(0)) as [Player];
    const anonymous = await openEventStream(streamUrl(origin, day), {});
    expect(anonymous.status).toBe(401);
    for (const date of ['tomorrow', '2026-13-01', '']) {
      const bad = await watch(viewer, { date });
      expect(bad.status).toBe(400);
    }
    const past = await watch(viewer, { date: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(await past.body()).toEqual({
      code: 'DATE_IN_PAST',
      message: ERRORS.DATE_IN_PAST.message,
    });
    const json = await fetch(streamUrl(origin, day), {
      headers: { cookie: `${COOKIE}=${viewer.cookie}`, accept: 'application/json' },
    });
    expect(json.status).toBe(406);
    // None of them holds a place: the session still opens its full share.
    for (let i = 0; i < SEAT_STREAM.perSession; i += 1) {
      expect((await watch(viewer)).status).toBe(200);
    }
  });

  it('ends every stream when the server closes', async () => {
    const [viewer] = (await playersWith(0)) as [Player];
    const stream = await watch(viewer);
    await stream.next();
    await t.app.close();
    await stream.ended;
  });
});

describe("a day's feed", () => {
  it('reads the day again for a change that came during a read, and sends it', async () => {
    // Each read waits for the test to answer it, so a change can arrive while one is open.
    const reads: { answer: (data: string) => void }[] = [];
    let changed: (day: string | null) => void = () => {};
    const streams = createSeatStreams({
      read: () => new Promise<string>((answer) => reads.push({ answer })),
      changes: {
        ready: async () => {},
        subscribe: (onChange) => {
          changed = onChange;
          return () => {};
        },
      },
      stillSignedIn: async (hashes) => new Set(hashes),
      background: { run: (_label, work) => void work() },
      maxStreams: 10,
    });
    const sent: string[] = [];
    const io = { send: (event: { data: string }) => sent.push(event.data), end: () => {} };
    const opened = streams.open('2030-01-01', { sessionHash: 'a', address: '192.0.2.1' }, null, io);
    await expect.poll(() => reads.length).toBe(1);
    reads[0]!.answer('day 1');
    await opened;
    expect(sent).toEqual(['day 1']);

    changed('2030-01-01');
    expect(reads).toHaveLength(2);
    // A second change while the day is being read: no second read now, one after.
    changed('2030-01-01');
    expect(reads).toHaveLength(2);
    reads[1]!.answer('day 2');
    await expect.poll(() => reads.length).toBe(3);
    reads[2]!.answer('day 3');
    await expect.poll(() => sent).toEqual(['day 1', 'day 2', 'day 3']);
    streams.stop();
  });
});

describe('seat streams end with their session', () => {
  it('closes the streams of a session that ended, at the next check', async () => {
    const ended: string[] = [];
    let live = new Set(['a', 'b']);
    const streams = createSeatStreams({
      read: async () => '[]',
      changes: { ready: async () => {}, subscribe: () => () => {} },
      stillSignedIn: async (hashes) => new Set(hashes.filter((hash) => live.has(hash))),
      background: { run: (_label, work) => void work() },
      sweepEveryMs: 20,
      maxStreams: 10,
    });
    const open = async (sessionHash: string) => {
      // As the route does: ending a stream closes it, and its close leaves the feed.
      let stream: { leave: () => void } | StreamRefusal | null = null;
      stream = await streams.open('2030-01-01', { sessionHash, address: '192.0.2.1' }, null, {
        send: () => {},
        end: () => {
          ended.push(sessionHash);
          if (typeof stream === 'object') stream?.leave();
        },
      });
      if (typeof stream === 'string') throw new Error(stream);
    };
    await open('a');
    await open('b');
    live = new Set(['b']);
    await expect.poll(() => ended, { timeout: 1_000 }).toEqual(['a']);
    streams.stop();
    expect(ended).toEqual(['a', 'b']);
  });
});

describe.runIf(dbKind === 'postgres')('live seat counts across two processes [postgres]', () => {
  const processes = twoProcesses();

  it('a booking through one process reaches a stream open on the other within a second', async () => {
    const { t, services, first, second } = processes;
    const db = t.database.handle.db;
    const name = `p${randomUUID().slice(0, 12)}`;
    const rows = [name, `${name}b`].map((username) => ({
      email: `${username}@example.com`,
      username,
      passwordHash: 'not-a-login',
    }));
    const [viewer, booker] = await Promise.all(
      (await db.insert(users).values(rows).returning({ id: users.id })).map(async ({ id }) => {
        await services.credits.grant({ userId: id, credits: 2, reason: 'test' });
        const session = await services.sessions.create(id, { ip: distinctIp(), userAgent: 't' });
        return { id, cookie: session.id };
      }),
    );
    const date = tomorrowIn(t.env.venueTimezone);
    const stream = await openEventStream(
      `${second.url}${API_ROUTES.eventsSeatStream.path}?date=${date}`,
      { cookie: `${COOKIE}=${viewer?.cookie}` },
    );
    try {
      const slot = (JSON.parse((await stream.next()).data) as AvailableTime[])[2] as AvailableTime;
      const booked = await postTo(
        first,
        'eventsRegister',
        { EventTime: slot.EventTime },
        { cookie: booker?.cookie },
      );
      expect(booked.status).toBe(200);
      const next = await stream.next(LIVE_MS);
      const after = (JSON.parse(next.data) as AvailableTime[])[2];
      expect(after?.SpotsAvailable).toBe(slot.SpotsAvailable - 1);
    } finally {
      stream.close();
    }
  }, 30_000);
});
