/**
 * The venue's week and blocked days: admins set a weekday's games (or close it) and block whole
 * days, from the console or the command line; the days already open for booking follow, seats
 * players hold stay, and each change is in the audit log.
 */
import type { AuditEntry, AvailableTime, ConsoleDay, ConsoleWeek } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

// Monday 2026-06-01, 8:00 AM in New York: the whole day is ahead.
const MONDAY = '2026-06-08';
const TUESDAY = '2026-06-02';

describe(`the venue's week [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let admin: Operator;
  let ada: SignedUp;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    await enrol(staff);
    admin = await operator('admin');
    await enrol(admin);
    ada = await signUp(t.app);
    await services.credits.grant({ userId: ada.id, credits: 10, reason: 'test' });
  });
  afterAll(() => t.close());

  const weekOf = async (who: Operator) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/console/schedule/week',
      remoteAddress: who.ip,
      headers: { cookie: `qf_session=${who.cookie}` },
    });
    expect(answer.statusCode).toBe(200);
    return jsonOf<ConsoleWeek>(answer);
  };
  const dayOf = async (day: string) => jsonOf<ConsoleDay>(await post(staff, 'consoleDay', { day }));
  const openTimes = async (date: string) =>
    jsonOf<AvailableTime[]>(await postJson(t.app, 'eventsAvailableTimes', { date }));
  const change = (body: Record<string, unknown>) => post(admin, 'consoleWeekChange', body);
  const audited = async (action: string) => {
    const answer = await post(staff, 'consoleAuditLog', { action });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };

  it('opens every day from 10:00 to the 21:30 game, 25 seats, until an admin changes it', async () => {
    const { week, blocked } = await weekOf(staff);
    expect(Object.values(week)).toEqual(
      Array(7).fill({ first: '10:00', last: '21:30', capacity: 25 }),
    );
    expect(blocked).toEqual([]);
    const hours = { first: '18:00', last: '20:00', capacity: 30 };
    const refused = await post(staff, 'consoleWeekChange', {
      command: 'schedule set',
      weekday: 'tuesday',
      hours,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('gives a weekday new hours: made days follow, seats taken stay, closed to newcomers', async () => {
    // Tuesday is made (a player looked), and Ada holds the 10:00 game.
    const [ten] = await openTimes(TUESDAY);
    expect(ten?.EventTime).toBe('2026-06-02T14:00:00.000Z');
    const booked = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: ten?.EventTime },
      { cookie: ada.cookie },
    );
    expect(booked.statusCode).toBe(200);

    const hours = { first: '18:00', last: '20:00', capacity: 30 };
    const answer = await change({ command: 'schedule set', weekday: 'tuesday', hours });
    expect(answer.statusCode).toBe(200);
    // Of the 24 slots made, 5 are in the new hours, 1 has a player: 18 go.
    expect(jsonOf(answer)).toMatchObject({ weekday: 'tuesday', hours, removed: 18, kept: 1 });

    const tuesday = await dayOf(TUESDAY);
    expect(tuesday.slots.map((slot) => [slot.time, slot.capacity, slot.open])).toEqual([
      ['10:00', 25, false],
      ['18:00', 30, true],
      ['18:30', 30, true],
      ['19:00', 30, true],
      ['19:30', 30, true],
      ['20:00', 30, true],
    ]);
    expect(tuesday.slots[0]?.players.map((player) => player.id)).toEqual([ada.id]);
    expect((await openTimes(TUESDAY)).map((slot) => slot.EventTime)).toHaveLength(5);
    expect((await weekOf(staff)).week.tuesday).toEqual(hours);
    expect((await audited('schedule.set'))[0]).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      subject: 'tuesday',
      before: { hours: { first: '10:00', last: '21:30', capacity: 25 } },
      after: { hours, removed: 18, kept: 1 },
    });
  });

  it('closes a weekday, and refuses hours that are not half hours or end before they start', async () => {
    const closed = await change({ command: 'schedule set', weekday: 'monday', hours: null });
    expect(jsonOf(closed)).toMatchObject({ hours: null, kept: 0 });
    expect(await openTimes(MONDAY)).toEqual([]);
    expect((await dayOf(MONDAY)).slots).toEqual([]);
    for (const hours of [
      { first: '18:15', last: '20:00', capacity: 25 },
      { first: '20:00', last: '18:00', capacity: 25 },
      { first: '18:00', last: '20:00', capacity: 0 },
    ]) {
      const refused = await change({ command: 'schedule set', weekday: 'friday', hours });
      expect(refused.statusCode).toBe(400);
    }
    expect((await weekOf(admin)).week.friday).toEqual({
      first: '10:00',
      last: '21:30',
      capacity: 25,
    });
  });

  it('blocks a day: its slots close, seats stay, the reason is kept; unblocking reopens it', async () => {
    const day = '2026-06-03';
    const [first] = await openTimes(day);
    await postJson(
      t.app,
      'eventsRegister',
      { EventTime: first?.EventTime },
      { cookie: ada.cookie },
    );
    const blocked = await change({ command: 'days block', date: day, reason: 'Private event' });
    expect(jsonOf(blocked)).toMatchObject({ date: day, closed: 24, seats: 1 });
    expect(await openTimes(day)).toEqual([]);
    expect((await dayOf(day)).slots.every((slot) => !slot.open)).toBe(true);
    expect((await weekOf(staff)).blocked).toEqual([{ date: day, reason: 'Private event' }]);
    expect((await audited('days.block'))[0]).toMatchObject({
      subject: day,
      reason: 'Private event',
      after: { blocked: true, slots: 24, seats: 1 },
    });
    // A blocked day not made yet gets no slots at all.
    await change({ command: 'days block', date: '2026-06-04', reason: 'Maintenance' });
    expect((await dayOf('2026-06-04')).slots).toEqual([]);

    const reopened = await change({ command: 'days unblock', date: day });
    expect(jsonOf(reopened)).toMatchObject({ reopened: 24 });
    expect(await openTimes(day)).toHaveLength(24);
    expect((await weekOf(staff)).blocked).toEqual([{ date: '2026-06-04', reason: 'Maintenance' }]);
    // Unblocking a day that is not blocked changes nothing.
    expect(jsonOf(await change({ command: 'days unblock', date: day }))).toMatchObject({
      reopened: 0,
    });
    const past = await change({ command: 'days block', date: '2026-05-31', reason: 'Late' });
    expect(jsonOf(past)).toMatchObject({ code: 'OPERATOR_DAY_PAST' });
  });

  it('is the command line’s schedule too', async () => {
    const shown = await run({ command: 'schedule show' });
    expect(jsonOf(shown)).toMatchObject({
      week: { monday: null, tuesday: { first: '18:00' } },
      blocked: [{ date: '2026-06-04', reason: 'Maintenance' }],
    });
    const set = await run({
      command: 'schedule set',
      weekday: 'monday',
      hours: { first: '12:00', last: '13:00', capacity: 12 },
    });
    expect(set.statusCode).toBe(200);
    expect((await dayOf(MONDAY)).slots.map((slot) => [slot.time, slot.capacity])).toEqual([
      ['12:00', 12],
      ['12:30', 12],
      ['13:00', 12],
    ]);
    expect((await audited('schedule.set'))[0]?.actor.kind).toBe('command_line');
  });
});
