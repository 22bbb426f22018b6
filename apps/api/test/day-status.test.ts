/**
 * Events/DayStatus (issue 42 item 2, the player's side): a venue day an operator blocked answers
 * the reason given, as it was written; any other day, and a blocked day before today, answers
 * null; a day that is not one is a 400, never a 500. Events/GetAvailableEventTimes keeps the
 * spec's wire format (an array of slots) for a blocked day: empty. A slot closed on its own
 * with a reason (`slots close --reason`) is listed with it until reopened; one closed without
 * a reason, or by its day's block, is not.
 */
import { API_ROUTES } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { DAY, fixedClock, NOW } from './helpers/clock';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

// NOW is Monday 2026-06-01 in New York; the days below are the week's.
const TUESDAY = '2026-06-02';
const WEDNESDAY = '2026-06-03';
const LAST_SATURDAY = '2026-05-30';
const REASON = 'Closed for <b>the</b> "holiday" & more';

describe(`Events/DayStatus [${dbKind}]`, () => {
  const token = newOperatorToken();
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;

  const status = (query: string) =>
    t.app.inject({ method: 'GET', url: `${API_ROUTES.eventsDayStatus.path}${query}` });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    // Blocked while that Saturday was still ahead, so it is kept (days before `today` go).
    await services.settings.setBlockedDay(LAST_SATURDAY, 'Flooded', '2026-05-01');
    await services.settings.setBlockedDay(TUESDAY, REASON, DAY);
    await services.settings.setBlockedDay(DAY, 'Inventory day', DAY);
  });
  afterAll(() => t.close());

  it('answers the reason of a blocked day from today on, as written', async () => {
    for (const [day, reason] of [
      [TUESDAY, REASON],
      [DAY, 'Inventory day'],
    ]) {
      const answer = await status(`?date=${day}`);
      expect(answer.statusCode, day).toBe(200);
      expect(jsonOf(answer), day).toEqual({ closed: reason, slots: [] });
    }
  });

  it('answers null for a day that is not blocked and for a blocked day before today', async () => {
    for (const day of [WEDNESDAY, LAST_SATURDAY, '2025-12-25']) {
      const answer = await status(`?date=${day}`);
      expect(answer.statusCode, day).toBe(200);
      expect(jsonOf(answer), day).toEqual({ closed: null, slots: [] });
    }
  });

  it('keeps Events/GetAvailableEventTimes an array of slots: none on a blocked day', async () => {
    const blocked = await postJson(t.app, 'eventsAvailableTimes', { date: TUESDAY });
    expect(blocked.statusCode).toBe(200);
    expect(jsonOf(blocked)).toEqual([]);
    const open = await postJson(t.app, 'eventsAvailableTimes', { date: WEDNESDAY });
    expect(open.statusCode).toBe(200);
    expect(Array.isArray(jsonOf(open))).toBe(true);
    expect(jsonOf<unknown[]>(open).length).toBeGreaterThan(0);
  });

  it("lists the day's slots closed on their own with a reason, until reopened", async () => {
    const reason = 'Private <i>party</i> & "friends"';
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: WEDNESDAY })).statusCode).toBe(
      200,
    );
    const close = (time: string, why?: string) =>
      run({ command: 'slots close', date: WEDNESDAY, time, ...(why ? { reason: why } : {}) });
    expect((await close('18:00', reason)).statusCode).toBe(200);
    expect((await close('18:30')).statusCode).toBe(200);
    expect((await close('19:00', 'Staff training')).statusCode).toBe(200);
    expect(
      (await run({ command: 'slots reopen', date: WEDNESDAY, time: '19:00' })).statusCode,
    ).toBe(200);
    // New York summer time: 18:00 there is 22:00 UTC.
    expect(jsonOf(await status(`?date=${WEDNESDAY}`))).toEqual({
      closed: null,
      slots: [
        {
          EventTime: '2026-06-03T22:00:00.000Z',
          event_id: 'Old Mill District|06:00 PM',
          reason,
        },
      ],
    });
    const listed = jsonOf<{ EventTime: string }[]>(
      await postJson(t.app, 'eventsAvailableTimes', { date: WEDNESDAY }),
    ).map((slot) => slot.EventTime);
    expect(listed).not.toContain('2026-06-03T22:00:00.000Z');
    expect(listed).toContain('2026-06-03T23:00:00.000Z');

    // A blocked day's slots carry no reason of their own: the day's is the one shown.
    const THURSDAY = '2026-06-04';
    await postJson(t.app, 'eventsAvailableTimes', { date: THURSDAY });
    const leak = await run({
      command: 'slots close',
      date: THURSDAY,
      time: '18:00',
      reason: 'Leak',
    });
    expect(leak.statusCode, leak.body).toBe(200);
    const blocked = await run({ command: 'days block', date: THURSDAY, reason: 'Holiday' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(jsonOf(await status(`?date=${THURSDAY}`))).toEqual({ closed: 'Holiday', slots: [] });
  });

  it('refuses a date that is not a day with a clear 400, never a 500', async () => {
    for (const query of [
      '',
      '?date=',
      '?date=2026-02-30',
      '?date=tomorrow',
      '?date=2026-06-02T00:00:00Z',
      '?date=2026-06-02&date=2026-06-03',
      '?date=2026-06-02&extra=1',
      '?date=%00',
    ]) {
      const answer = await status(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.headers['content-type'], query).toMatch(/^application\/json/);
      expect(jsonOf(answer), query).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
      });
    }
  });
});
