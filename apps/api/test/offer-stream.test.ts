/**
 * The player's live offer signal (ADR 0061) on a tab's one stream (ADR 0063): GET
 * /api/Events/SeatStream, with or without a day, is sent an event when a seat is offered to its
 * player (on the offer's commit, through LISTEN/NOTIFY), and nothing for another player's offer.
 * Every stream counts against the player's share of tabs, whatever else it carries; a stream
 * refused for its day holds no place; a visitor is refused. On Postgres an offer made through a
 * second server process reaches a stream open on the first.
 */
import { API_ROUTES, ERRORS, OFFER_STREAM, SEAT_STREAM } from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import type { Services } from '../src/services';
import { COOKIE, postJson } from './helpers/accounts';
import { openEventStream, type EventStreamClient, type StreamEvent } from './helpers/event-stream';
import { postTo } from './helpers/http';
import { playersWith, type Player } from './helpers/players';
import { createTestApp, dbKind, servicesOf, type TestApp } from './helpers/test-app';
import { twoProcesses } from './helpers/two-processes';

/** An offer reaches the player's open stream within this. */
const LIVE_MS = 2_000;

const OFFERED = '{"offered":true}';

/** Tomorrow in the venue's time zone: always a day of future slots. */
const tomorrowIn = (zone: string) =>
  new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });

/** The stream's URL at `base`: the player's offers, and the day's seats when `date` is given. */
const streamUrl = (base: string, date?: string) =>
  `${base}${API_ROUTES.eventsSeatStream.path}${date === undefined ? '' : `?date=${date}`}`;

/** The events of `stream` up to its first offer, within LIVE_MS (fails without one). */
async function untilOffer(stream: EventStreamClient): Promise<StreamEvent[]> {
  const started = Date.now();
  const seen: StreamEvent[] = [];
  while (seen.at(-1)?.data !== OFFERED) {
    seen.push(await stream.next(Math.max(LIVE_MS - (Date.now() - started), 1)));
  }
  return seen;
}

/**
 * A game of `day` with one seat, taken by `holder`, and `waiting` in its line, in that order.
 * Returns the game's start and the holder's seat.
 */
async function fullGameWithLine(
  post: (
    route: 'eventsAvailableTimes' | 'eventsRegister' | 'waitlistJoin',
    body: object,
    who?: Player,
  ) => Promise<{ status: number; body: string }>,
  services: Services,
  day: string,
  holder: Player,
  waiting: Player[],
) {
  const listed = await post('eventsAvailableTimes', { date: day });
  const slot = (JSON.parse(listed.body) as { EventTime: string }[]).at(-1)!;
  await services.bookings.setCapacity(day, '21:30', 1);
  const booked = await post('eventsRegister', { EventTime: slot.EventTime }, holder);
  expect(booked.status, booked.body).toBe(200);
  for (const who of waiting) {
    const joined = await post('waitlistJoin', { EventTime: slot.EventTime }, who);
    expect(joined.status, joined.body).toBe(200);
  }
  const { registrationId } = JSON.parse(booked.body) as { registrationId: string };
  return { eventTime: slot.EventTime, registrationId };
}

describe(`the player's offers on their tab's stream [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;
  let origin: string;
  const streams: EventStreamClient[] = [];

  async function watch(who: Player, date?: string) {
    const stream = await openEventStream(streamUrl(origin, date), {
      cookie: `${COOKIE}=${who.cookie}`,
      'x-forwarded-for': who.ip,
    });
    streams.push(stream);
    return stream;
  }

  /** A request of the test app, answered as fetch would. */
  const post = async (route: Parameters<typeof postJson>[1], body: object, who?: Player) => {
    const response = await postJson(
      t.app,
      route,
      body,
      who === undefined ? {} : { cookie: who.cookie, ip: who.ip },
    );
    return { status: response.statusCode, body: response.body };
  };

  beforeEach(async () => {
    t = await createTestApp({ clock: systemClock, env: { TRUST_PROXY: '1' } });
    services = servicesOf(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await t.close();
  });

  it("tells a waiting player at once of the seat offered to them, and not another's", async () => {
    const [holder, first, second] = (await playersWith(t, services, 10, 3)) as [
      Player,
      Player,
      Player,
    ];
    const day = tomorrowIn(t.env.venueTimezone);
    const game = await fullGameWithLine(post, services, day, holder, [first, second]);
    // The first watches the day in the booking modal; the second has only their pages open.
    const firstStream = await watch(first, day);
    const secondStream = await watch(second);
    expect([firstStream.status, secondStream.status]).toEqual([200, 200]);
    const opening = await firstStream.next();
    expect(Array.isArray(JSON.parse(opening.data))).toBe(true);

    // The seat given back is offered to the first in line: their stream hears of it, among
    // the day's slots (sent with their id; the offer without one).
    const cancelled = await post('eventsCancel', { registrationId: game.registrationId }, holder);
    expect(cancelled.status, cancelled.body).toBe(200);
    const events = await untilOffer(firstStream);
    expect(events.at(-1)).toMatchObject({ event: 'message', id: null, data: OFFERED });
    for (const event of events.slice(0, -1))
      expect(Array.isArray(JSON.parse(event.data))).toBe(true);

    // Declined, it passes to the second: only now does the second's stream hear anything.
    const declined = await post('waitlistDecline', { EventTime: game.eventTime }, first);
    expect(declined.status, declined.body).toBe(200);
    expect(await secondStream.next(LIVE_MS)).toMatchObject({ data: OFFERED });
    // One offer each: the first's never reached the second, nor the second's the first.
    await expect(secondStream.next(300)).rejects.toThrow();
    const later = [];
    for (;;) {
      const event = await firstStream.next(300).catch(() => null);
      if (event === null) break;
      later.push(event.data);
    }
    expect(later).not.toContain(OFFERED);
  });

  it("counts every stream against the player's tabs; one refused for its day holds no place", async () => {
    const [player] = (await playersWith(t, services, 0, 1)) as [Player];
    const day = tomorrowIn(t.env.venueTimezone);
    expect(SEAT_STREAM.perSession).toBeLessThan(OFFER_STREAM.perPlayer);
    // A day in the past, the session's share of days, then one day more: each refused stream
    // must give back the tab it took.
    const past = await watch(player, '2020-01-01');
    expect(past.status).toBe(ERRORS.DATE_IN_PAST.status);
    expect(await past.body()).toMatchObject({ code: 'DATE_IN_PAST' });
    for (let tab = 0; tab < SEAT_STREAM.perSession; tab += 1) {
      expect((await watch(player, day)).status).toBe(200);
    }
    const oneDayTooMany = await watch(player, day);
    expect(oneDayTooMany.status).toBe(ERRORS.RATE_LIMITED.status);
    // The player's last tab, without a day: their fourth stream, so the refused ones held none.
    for (let tab = SEAT_STREAM.perSession; tab < OFFER_STREAM.perPlayer; tab += 1) {
      expect((await watch(player)).status).toBe(200);
    }
    const extra = await watch(player);
    expect(extra.status).toBe(ERRORS.RATE_LIMITED.status);
    expect(await extra.body()).toEqual({
      code: 'RATE_LIMITED',
      message: ERRORS.RATE_LIMITED.message,
    });

    // A tab closed makes room for another (once the server has heard the close).
    const closing = streams.find((stream) => stream.status === 200);
    closing!.close();
    await closing!.ended;
    await expect.poll(async () => (await watch(player)).status, { timeout: 2_000 }).toBe(200);

    const visitor = await openEventStream(streamUrl(origin), {});
    streams.push(visitor);
    expect(visitor.status).toBe(401);
  });
});

describe.skipIf(dbKind !== 'postgres')(
  // The embedded database (PGlite) serves one process only: there is no second one to test.
  'offers across two API processes [postgres only: PGlite has no second process]',
  () => {
    const processes = twoProcesses();

    it("a seat given back through one process reaches the waiting player's stream on the other", async () => {
      const { t, services, first, second } = processes;
      const [holder, waiter] = (await playersWith(t, services, 10, 2)) as [Player, Player];
      // Everything is done through the test app's process (B), but the stream is on the other (A).
      const post = async (route: Parameters<typeof postTo>[1], body: object, who?: Player) => {
        const response = await postTo(first, route, body, who === undefined ? {} : who);
        return { status: response.status, body: await response.text() };
      };
      const day = tomorrowIn(t.env.venueTimezone);
      const game = await fullGameWithLine(post, services, day, holder, [waiter]);
      const stream = await openEventStream(streamUrl(second.url), {
        cookie: `${COOKIE}=${waiter.cookie}`,
      });
      try {
        expect(stream.status).toBe(200);
        const cancelled = await post(
          'eventsCancel',
          { registrationId: game.registrationId },
          holder,
        );
        expect(cancelled.status, cancelled.body).toBe(200);
        expect(await stream.next(LIVE_MS)).toMatchObject({ data: OFFERED });
        const mine = await post('waitlistMine', {}, waiter);
        expect(JSON.parse(mine.body)).toMatchObject({
          entries: [{ EventTime: game.eventTime, status: 'offered' }],
        });
      } finally {
        stream.close();
      }
    }, 30_000);
  },
);
