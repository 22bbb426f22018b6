/**
 * A seat for the player's calendar (Events/Calendar): the iCalendar file of one of the player's
 * own seats, read back here by an independent parser (Mozilla's ical.js) and checked field by
 * field: a stable UID per registration, start and end in UTC, the access code and the way back
 * in the description, a display alarm 15 minutes before. Anyone else's seat is not found.
 */
import {
  CALENDAR_ALARM_MINUTES,
  ERRORS,
  type AvailableTime,
  type RegisterEventResponse,
} from '@questfield/contract';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

describe(`a seat for the calendar [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);
  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);

  const post = (route: 'eventsCalendar' | 'eventsRegister', body: unknown, who?: Player) =>
    postJson(t.app, route, body, who && { cookie: who.cookie, ip: who.ip });

  async function bookFirstSlot(who: Player) {
    const listed = await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' });
    const [slot] = jsonOf<AvailableTime[]>(listed);
    const booked = await post('eventsRegister', { EventTime: slot?.EventTime }, who);
    expect(booked.statusCode, booked.body).toBe(200);
    const { EventTime, accessCode } = jsonOf<RegisterEventResponse>(booked);
    const [game] = await services.bookings.liveOrUpcoming(who.id, 24);
    return { startsAt: EventTime, accessCode, registrationId: game?.registrationId ?? '' };
  }

  beforeEach(async () => {
    clock.set(NOW);
    t = await createTestApp({ clock });
    services = servicesOf(t);
  });
  afterEach(() => t.close());

  it('answers the seat as an iCalendar file another parser reads field by field', async () => {
    const [player] = (await playersWith(2)) as [Player];
    const seat = await bookFirstSlot(player);
    const answer = await post('eventsCalendar', { registrationId: seat.registrationId }, player);
    expect(answer.statusCode, answer.body).toBe(200);
    const { filename, calendar } = jsonOf<{ filename: string; calendar: string }>(answer);
    expect(filename).toBe('questfield-2026-06-01.ics');

    const root = new ICAL.Component(ICAL.parse(calendar));
    expect(root.name).toBe('vcalendar');
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    const vevent = root.getFirstSubcomponent('vevent');
    if (vevent === null) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${seat.registrationId}@${new URL(t.env.publicOrigin).host}`);
    expect(event.startDate.toJSDate().toISOString()).toBe(seat.startsAt);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(
      30 * 60_000,
    );
    expect(event.endDate.zone?.tzid).toBe('UTC');
    expect(event.summary).toBe('Questfield game, Old Mill District');
    expect(event.location).toBe('Old Mill District');
    expect(event.description).toContain(seat.accessCode);
    expect(event.description).toContain(new URL('/dashboard', t.env.publicOrigin).toString());
    const [alarm, ...more] = vevent.getAllSubcomponents('valarm');
    expect(more).toEqual([]);
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe(`-PT${CALENDAR_ALARM_MINUTES}M`);

    // The same seat asked again: the same entry (its UID), so a calendar replaces it.
    const again = await post('eventsCalendar', { registrationId: seat.registrationId }, player);
    const reread = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(jsonOf<{ calendar: string }>(again).calendar),
      ).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(reread.uid).toBe(event.uid);
  });

  it("finds no one else's seat, and asks for a session and a registration id", async () => {
    const [owner, other] = (await playersWith(2, 2)) as [Player, Player];
    const seat = await bookFirstSlot(owner);
    const theirs = await post('eventsCalendar', { registrationId: seat.registrationId }, other);
    expect(theirs.statusCode).toBe(404);
    expect(jsonOf(theirs)).toEqual({
      code: 'SEAT_NOT_FOUND',
      message: ERRORS.SEAT_NOT_FOUND.message,
    });
    expect((await post('eventsCalendar', { registrationId: seat.registrationId })).statusCode).toBe(
      401,
    );
    for (const body of [
      {},
      { registrationId: 'nope' },
      { registrationId: seat.registrationId, x: 1 },
    ]) {
      expect((await post('eventsCalendar', body, owner)).statusCode).toBe(400);
    }
  });
});
