/**
 * The console's venue day: every slot with its seats and players, live (a held request answers
 * when a booking elsewhere changes the day), slot changes through the command line's commands,
 * and access codes shown only on request, each showing in the audit log; each game started or
 * ended by the server's clock (an ended one refuses changes) and the players in its line.
 */
import {
  ERRORS,
  type AuditEntry,
  type ConsoleDay,
  type RegisterEventResponse,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { playersWith, type Player } from './helpers/players';
import { refusal } from './helpers/refusal';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

// 8:00 AM in New York (EDT): every slot of the venue day is ahead.

describe(`the console's venue day [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let ada: SignedUp;
  let bo: SignedUp;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    await enrol(staff);
    [ada, bo] = [await signUp(t.app), await signUp(t.app)];
    for (const player of [ada, bo]) {
      await services.credits.grant({ userId: player.id, credits: 10, reason: 'test' });
    }
  });
  afterAll(() => t.close());

  const dayOf = async (body: Record<string, unknown> = {}) => {
    const answer = await post(staff, 'consoleDay', body);
    expect(answer.statusCode).toBe(200);
    return jsonOf<ConsoleDay>(answer);
  };
  const slotAt = (day: ConsoleDay, time: string) =>
    day.slots.find((slot) => slot.time === time) ?? expect.fail(`no slot at ${time}`);
  const book = (who: SignedUp, startsAt: string) =>
    postJson(t.app, 'eventsRegister', { EventTime: startsAt }, { cookie: who.cookie });
  const auditOf = async (action: string) => {
    const answer = await post(staff, 'consoleAuditLog', { action });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };

  it("lists today's slots with seats taken, capacity and who sits where", async () => {
    const before = await dayOf();
    expect(before).toMatchObject({ day: DAY, today: DAY, timeZone: 'America/New_York' });
    expect(before.slots.map((slot) => slot.time)).toEqual(
      Array.from({ length: 24 }, (_, n) => {
        const minutes = 600 + n * 30;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
      }),
    );
    const tenThirty = slotAt(before, '10:30');
    expect(tenThirty).toMatchObject({ booked: 0, capacity: 25, open: true, players: [] });

    clock.advance(60_000);
    expect((await book(ada, tenThirty.startsAt)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await book(bo, tenThirty.startsAt)).statusCode).toBe(200);
    const after = slotAt(await dayOf({ day: DAY }), '10:30');
    expect(after.booked).toBe(2);
    expect(after.players).toEqual([
      { id: ada.id, username: ada.username, source: 'booked', at: '2026-06-01T12:01:00.000Z' },
      { id: bo.id, username: bo.username, source: 'booked', at: '2026-06-01T12:02:00.000Z' },
    ]);
    // Nothing in the day view is an access code: those are shown on request only.
    expect(JSON.stringify(after)).not.toMatch(/accessCode/i);
  });

  it('shows an access code only on request, and the request is audited', async () => {
    const day = await dayOf();
    const seat = await book(ada, slotAt(day, '11:00').startsAt);
    const { accessCode } = jsonOf<RegisterEventResponse>(seat);
    const shown = await post(staff, 'consoleSlotAccessCode', { day: DAY, time: '11:00' });
    expect(shown.statusCode).toBe(200);
    expect(jsonOf<{ accessCode: string }>(shown).accessCode).toBe(accessCode);
    const [entry] = await auditOf('slots.show-access-code');
    expect(entry).toMatchObject({
      actor: { id: staff.id, role: 'staff', ip: staff.ip },
      subject: `${DAY} 11:00`,
    });
    expect(JSON.stringify(entry)).not.toContain(accessCode);
    const missing = await post(staff, 'consoleSlotAccessCode', { day: DAY, time: '03:00' });
    expect(missing.statusCode).toBe(404);
  });

  it('closes, reopens and resizes a slot, never below the seats taken, each change audited', async () => {
    const change = (body: Record<string, unknown>) =>
      post(staff, 'consoleSlotChange', { date: DAY, time: '10:30', ...body });
    const closed = await change({ command: 'slots close' });
    expect(jsonOf<{ slot: unknown }>(closed)).toEqual({
      slot: expect.objectContaining({ time: '10:30', open: false, booked: 2 }),
    });
    expect(JSON.stringify(jsonOf(closed))).not.toMatch(/accessCode/i);
    const carol = await signUp(t.app);
    await services.credits.grant({ userId: carol.id, credits: 2, reason: 'test' });
    const refused = await book(carol, slotAt(await dayOf(), '10:30').startsAt);
    expect(refused.statusCode).toBe(ERRORS.SLOT_CLOSED.status);

    expect(jsonOf(await change({ command: 'slots reopen' }))).toEqual({
      slot: expect.objectContaining({ open: true }),
    });
    const tooSmall = await change({ command: 'slots set-capacity', capacity: 1 });
    expect(tooSmall.statusCode).toBe(409);
    expect(jsonOf(tooSmall)).toMatchObject({ code: 'OPERATOR_CAPACITY_BELOW_BOOKED' });
    const resized = await change({ command: 'slots set-capacity', capacity: 2 });
    expect(jsonOf(resized)).toEqual({ slot: expect.objectContaining({ capacity: 2 }) });

    expect((await auditOf('slots.close'))[0]).toMatchObject({
      subject: `${DAY} 10:30`,
      before: { open: true },
      after: { open: false },
    });
    expect((await auditOf('slots.reopen'))[0]).toMatchObject({ after: { open: true } });
    expect((await auditOf('slots.set-capacity'))[0]).toMatchObject({
      actor: { id: staff.id },
      before: { capacity: 25 },
      after: { capacity: 2 },
    });
    // The command line's own schemas: another command, or a stray field, is refused.
    for (const body of [
      { command: 'users delete', email: ada.email },
      { command: 'slots close', date: DAY, time: '10:30', capacity: 3 },
      { command: 'slots close', date: DAY, time: '25:00' },
    ]) {
      expect((await post(staff, 'consoleSlotChange', body)).statusCode).toBe(400);
    }
  });

  it('answers a held request when a booking elsewhere changes the day', async () => {
    const shown = await dayOf();
    const slot = slotAt(shown, '12:00');
    const started = Date.now();
    const held = post(staff, 'consoleDay', { day: DAY, after: shown.version });
    // Another set of services on the same database: on Postgres, another connection.
    const carol = await signUp(t.app);
    await services.credits.grant({ userId: carol.id, credits: 2, reason: 'test' });
    const caller = { userId: carol.id, ip: '203.0.113.9', log: t.app.log };
    await services.bookings.book(caller, new Date(slot.startsAt));
    const answer = await held;
    // Well before the 25 s a quiet day waits: the change woke it.
    expect(Date.now() - started).toBeLessThan(15_000);
    const changed = jsonOf<ConsoleDay>(answer);
    expect(changed.version).not.toBe(shown.version);
    expect(slotAt(changed, '12:00').players.map((player) => player.username)).toEqual([
      carol.username,
    ]);
  });

  it('answers at once when the day changed since the version the console shows', async () => {
    const stale = await dayOf();
    await services.bookings.setOpen(DAY, '21:30', false);
    const answer = await dayOf({ after: stale.version });
    expect(answer.version).not.toBe(stale.version);
    expect(slotAt(answer, '21:30').open).toBe(false);
  });

  it('shows a past day as it was, without making slots for it', async () => {
    const past = await dayOf({ day: '2026-05-01' });
    expect(past).toMatchObject({ day: '2026-05-01', today: DAY, slots: [] });
  });

  it('answers a held request at once when the server closes', async () => {
    const shown = await dayOf({ day: '2026-06-02' });
    const held = post(staff, 'consoleDay', { day: '2026-06-02', after: shown.version });
    // Let the request reach its wait before the server closes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await t.app.close();
    const answer = await held;
    expect(answer.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe(`the venue day's games by the server's clock, and their lines [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    await enrol(staff);
  });
  afterAll(() => t.close());

  const dayOf = async (body: Record<string, unknown> = {}) => {
    const answer = await post(staff, 'consoleDay', body);
    expect(answer.statusCode).toBe(200);
    return jsonOf<ConsoleDay>(answer);
  };
  const slotAt = (day: ConsoleDay, time: string) =>
    day.slots.find((slot) => slot.time === time) ?? expect.fail(`no slot at ${time}`);
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const ok = async (answer: Promise<{ statusCode: number; body: string }>) =>
    expect((await answer).statusCode).toBe(200);
  const join = (who: Player, time: string) =>
    ok(postJson(t.app, 'waitlistJoin', { EventTime: AT(time) }, as(who)));
  /** The slots with anyone in line, as [time, players waiting]. */
  const lines = (day: ConsoleDay) =>
    day.slots.filter((slot) => slot.waiting > 0).map((slot) => [slot.time, slot.waiting]);

  it('counts the players waiting in each line; one offered a seat is no longer waiting', async () => {
    expect(lines(await dayOf())).toEqual([]);
    const [ada, bo, cy, di, ed] = await playersWith(t, services, 10, 5);
    for (const [time, seated] of [
      ['11:00', ada],
      ['12:00', bo],
    ] as const) {
      await services.bookings.setCapacity(DAY, time, 1);
      await ok(postJson(t.app, 'eventsRegister', { EventTime: AT(time) }, as(seated!)));
    }
    for (const who of [cy, di, ed]) await join(who!, '11:00');
    await join(cy!, '12:00');
    expect(lines(await dayOf())).toEqual([
      ['11:00', 3],
      ['12:00', 1],
    ]);

    await ok(postJson(t.app, 'waitlistLeave', { EventTime: AT('11:00') }, as(ed!)));
    // A raised capacity offers its seat to the first in line, who then holds it.
    await services.bookings.setCapacity(DAY, '11:00', 2);
    expect(lines(await dayOf())).toEqual([
      ['11:00', 1],
      ['12:00', 1],
    ]);
  });

  it("tells started and ended games by the server's clock, to the millisecond", async () => {
    const morning = await dayOf();
    expect(morning.slots.every((slot) => !slot.started && !slot.ended)).toBe(true);

    // 10:30 on the venue clock, less a millisecond: the 10:00 game has a moment left.
    clock.set(new Date(Date.parse(AT('10:30')) - 1));
    const almost = await dayOf();
    expect(slotAt(almost, '10:00')).toMatchObject({ started: true, ended: false });
    expect(slotAt(almost, '10:30')).toMatchObject({ started: false, ended: false });

    clock.set(AT('10:30'));
    const later = await dayOf({ after: almost.version });
    // The clock alone changed the day: a console showing the old one is answered at once.
    expect(later.version).not.toBe(almost.version);
    expect(slotAt(later, '10:00')).toMatchObject({ started: true, ended: true, open: true });
    expect(slotAt(later, '10:30')).toMatchObject({ started: true, ended: false });
    expect(slotAt(later, '11:00')).toMatchObject({ started: false, ended: false });
  });

  it('refuses to close, reopen or resize an ended game, and audits nothing; a live one changes', async () => {
    clock.set(AT('10:45'));
    const change = (time: string, body: Record<string, unknown>) =>
      post(staff, 'consoleSlotChange', { date: DAY, time, ...body });
    for (const body of [
      { command: 'slots close' },
      { command: 'slots reopen' },
      { command: 'slots set-capacity', capacity: 30 },
    ]) {
      const refused = await change('10:00', body);
      expect(refused.statusCode).toBe(ERRORS.OPERATOR_SLOT_ENDED.status);
      expect(jsonOf(refused)).toEqual(refusal('OPERATOR_SLOT_ENDED'));
    }
    expect(slotAt(await dayOf(), '10:00')).toMatchObject({ open: true, capacity: 25 });
    for (const action of ['slots.close', 'slots.reopen', 'slots.set-capacity']) {
      const audited = await post(staff, 'consoleAuditLog', { action, operatorId: staff.id });
      expect(jsonOf<{ entries: AuditEntry[] }>(audited).entries).toEqual([]);
    }

    // Playing now: closing it stops late joins, so it is still the operators' to change.
    const live = await change('10:30', { command: 'slots close' });
    expect(jsonOf(live)).toEqual({ slot: expect.objectContaining({ open: false }) });
    // No slot at all is still said so, ended day or not.
    const missing = await change('03:00', { command: 'slots close' });
    expect(jsonOf(missing)).toMatchObject({ code: 'OPERATOR_SLOT_NOT_FOUND' });
  });
});
