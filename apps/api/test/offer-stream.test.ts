/**
 * The player's live offer signal (ADR 0061): GET /api/Waitlist/Stream is sent an
 * event when a seat is offered to its player (on the offer's commit, through LISTEN/NOTIFY),
 * and nothing for another player's offer; a player's tabs are bounded; a visitor is refused.
 */
import { API_ROUTES, ERRORS, OFFER_STREAM } from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import { COOKIE, postJson } from './helpers/accounts';
import { openEventStream, type EventStreamClient } from './helpers/event-stream';
import { playersWith, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

/** An offer reaches the player's open stream within this. */
const LIVE_MS = 2_000;

/** Tomorrow in the venue's time zone: always a day of future slots. */
const tomorrowIn = (zone: string) =>
  new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });

describe(`the player's offer stream [${dbKind}]`, () => {
  let t: TestApp;
  let origin: string;
  const streams: EventStreamClient[] = [];

  async function watch(who: Player) {
    const stream = await openEventStream(`${origin}${API_ROUTES.waitlistStream.path}`, {
      cookie: `${COOKIE}=${who.cookie}`,
      'x-forwarded-for': who.ip,
    });
    streams.push(stream);
    return stream;
  }

  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });

  beforeEach(async () => {
    t = await createTestApp({ clock: systemClock, env: { TRUST_PROXY: '1' } });
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
    const services = servicesOf(t);
    const [holder, first, second] = (await playersWith(t, services, 10, 3)) as [
      Player,
      Player,
      Player,
    ];
    const day = tomorrowIn(t.env.venueTimezone);
    const listed = await postJson(t.app, 'eventsAvailableTimes', { date: day }, as(holder));
    const slots = jsonOf<{ EventTime: string }[]>(listed);
    const slot = slots.at(-1)!;
    await services.bookings.setCapacity(day, '21:30', 1);
    const booked = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: slot.EventTime },
      as(holder),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    for (const who of [first, second]) {
      const joined = await postJson(t.app, 'waitlistJoin', { EventTime: slot.EventTime }, as(who));
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const firstStream = await watch(first);
    const secondStream = await watch(second);
    expect([firstStream.status, secondStream.status]).toEqual([200, 200]);

    // The seat given back is offered to the first in line: their stream hears of it.
    const { registrationId } = jsonOf<{ registrationId: string }>(booked);
    const cancelled = await postJson(t.app, 'eventsCancel', { registrationId }, as(holder));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const offer = await firstStream.next(LIVE_MS);
    expect(offer).toMatchObject({ event: 'message', data: '{"offered":true}' });

    // Declined, it passes to the second: only now does the second's stream hear anything.
    const declined = await postJson(
      t.app,
      'waitlistDecline',
      { EventTime: slot.EventTime },
      as(first),
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await secondStream.next(LIVE_MS)).toMatchObject({ data: '{"offered":true}' });
    // One event each: the first's offer never reached the second, nor the second's the first.
    await expect(secondStream.next(300)).rejects.toThrow();
    await expect(firstStream.next(300)).rejects.toThrow();
  });

  it("bounds a player's tabs, and refuses a visitor", async () => {
    const services = servicesOf(t);
    const [player] = (await playersWith(t, services, 0, 1)) as [Player];
    const open = [];
    for (let tab = 0; tab < OFFER_STREAM.perPlayer; tab += 1) open.push(await watch(player));
    expect(open.map((stream) => stream.status)).toEqual(open.map(() => 200));
    const extra = await watch(player);
    expect(extra.status).toBe(ERRORS.RATE_LIMITED.status);
    // A tab closed makes room for another.
    open[0]!.close();
    await open[0]!.ended;
    let again = await watch(player);
    for (let tries = 0; again.status !== 200 && tries < 20; tries += 1) {
      await new Promise((done) => setTimeout(done, 50));
      again = await watch(player);
    }
    expect(again.status).toBe(200);

    const visitor = await openEventStream(`${origin}${API_ROUTES.waitlistStream.path}`, {});
    streams.push(visitor);
    expect(visitor.status).toBe(401);
  });
});
