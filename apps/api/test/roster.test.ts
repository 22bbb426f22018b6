/**
 * Who joined a game and who did not (ADR 0059): the game's first use of a seat's ticket once
 * the game has started records the join, once (a later use does not move it; a forged or
 * expired ticket records nothing); a seat without a join is a no-show from the start plus the
 * no-show grace (a runtime setting, 0 to 30 minutes, changed by admins only, audited), decided
 * when read by the server's clock. The console's roster and week of bookings: staff read
 * them, a player and a stranger are refused.
 */
import {
  API_ROUTES,
  type AuditEntry,
  type ConsoleBookingsWeek,
  type ConsoleDay,
  type ConsolePlayer,
  type ConsoleRoster,
  type OperatorResultOf,
  type RegisterEventResponse,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatResult } from '../src/cli/operator-output';
import { registrations } from '../src/db/schema';
import { createGameTickets } from '../src/modules/games/game-tickets';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { COOKIE, postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { playersWith, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

describe(`who joined, no-shows, the roster and the week of bookings [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  const { operator, enrol, post, reauth } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;

  async function fresh(role: 'staff' | 'admin'): Promise<Operator> {
    const who = await operator(role);
    await enrol(who);
    if (role === 'admin') await reauth(who);
    return who;
  }
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const players = (count: number) => playersWith(t, servicesOf(t), 10, count);
  async function book(who: Player, venueTime: string): Promise<RegisterEventResponse> {
    const answer = await postJson(t.app, 'eventsRegister', { EventTime: AT(venueTime) }, as(who));
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<RegisterEventResponse>(answer);
  }
  /** The game's page presenting a ticket: its origin, no cookie, no CSRF header. */
  const fromGame = (ticket: string) =>
    postJson(
      t.app,
      'gamesValidateTicket',
      { ticket },
      { csrfHeader: false, headers: { origin: t.env.gameOrigin } },
    );
  const joinedAt = async (registrationId: string) => {
    const [row] = await db()
      .select({ at: registrations.joinedGameAt })
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    return row?.at?.toISOString() ?? null;
  };
  async function roster(time: string): Promise<ConsoleRoster> {
    const answer = await post(await fresh('staff'), 'consoleRoster', { day: DAY, time });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<ConsoleRoster>(answer);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    // The day's slots are made on first sight.
    await postJson(t.app, 'eventsAvailableTimes', { date: DAY });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));

  it('records the join by the first use of the ticket once the game runs, once', async () => {
    const [ada] = (await players(1)) as [Player];
    const seat = await book(ada, '10:00');
    // An early look at the game (the frame waits for the start) is not a join.
    clock.set(plus(AT('10:00'), -5 * MINUTE));
    expect((await fromGame(seat.ticket)).statusCode).toBe(200);
    expect(await joinedAt(seat.registrationId)).toBeNull();
    clock.set(plus(AT('10:00'), 3 * MINUTE));
    expect((await fromGame(seat.ticket)).statusCode).toBe(200);
    expect(await joinedAt(seat.registrationId)).toBe(plus(AT('10:00'), 3 * MINUTE));
    // A later use (a reload of the game) leaves the first.
    clock.set(plus(AT('10:00'), 12 * MINUTE));
    expect((await fromGame(seat.ticket)).statusCode).toBe(200);
    expect(await joinedAt(seat.registrationId)).toBe(plus(AT('10:00'), 3 * MINUTE));
  });

  it('records nothing for a forged ticket or an expired one', async () => {
    const [bo] = (await players(1)) as [Player];
    const seat = await book(bo, '10:30');
    const forger = createGameTickets('not the server secret, long enough to look real', clock);
    const forged = await forger.issue({
      userId: bo.id,
      registrationId: seat.registrationId,
      slotId:
        (
          await db().select().from(registrations).where(eq(registrations.id, seat.registrationId))
        )[0]?.slotId ?? '',
      endsAt: new Date(plus(AT('10:30'), 30 * MINUTE)),
    });
    clock.set(plus(AT('10:30'), 1 * MINUTE));
    expect((await fromGame(forged)).statusCode).toBe(401);
    expect(await joinedAt(seat.registrationId)).toBeNull();
    // The ticket expires with the game: presented after its end, it records nothing.
    clock.set(plus(AT('10:30'), 31 * MINUTE));
    expect((await fromGame(seat.ticket)).statusCode).toBe(401);
    expect(await joinedAt(seat.registrationId)).toBeNull();
  });

  it("shows who joined, who is not in yet and who is a no-show, by the server's clock", async () => {
    const [cy, di, ed] = (await players(3)) as [Player, Player, Player];
    const seats = [await book(cy, '11:00'), await book(di, '11:00'), await book(ed, '11:00')];
    const staff = await fresh('staff');
    const code = await post(staff, 'consoleSlotAccessCode', { day: DAY, time: '11:00' });
    clock.set(plus(AT('11:00'), 2 * MINUTE));
    await fromGame(seats[0]?.ticket ?? '');
    // Within the grace (10 minutes by default): the others are not in yet.
    clock.set(plus(AT('11:00'), 10 * MINUTE - 1));
    const within = await roster('11:00');
    expect(within).toMatchObject({
      day: DAY,
      time: '11:00',
      startsAt: AT('11:00'),
      endsAt: plus(AT('11:00'), 30 * MINUTE),
      capacity: 25,
      accessCode: jsonOf<{ accessCode: string }>(code).accessCode,
      graceMinutes: 10,
      noShowFrom: plus(AT('11:00'), 10 * MINUTE),
      counts: { booked: 3, joined: 1, noShow: 0 },
    });
    // Seats taken at the same instant list in no order of their own: compared by player.
    const byEmail = (roster: ConsoleRoster) =>
      Object.fromEntries(roster.seats.map((seat) => [seat.email, seat]));
    expect(byEmail(within)).toEqual({
      [cy.email]: expect.objectContaining({
        source: 'booked',
        presence: 'joined',
        joinedAt: plus(AT('11:00'), 2 * MINUTE),
      }),
      [di.email]: expect.objectContaining({ presence: 'waiting', joinedAt: null }),
      [ed.email]: expect.objectContaining({ presence: 'waiting', joinedAt: null }),
    });
    // From start + grace, a seat without a join is a no-show; a join after that still counts.
    clock.set(plus(AT('11:00'), 10 * MINUTE));
    expect((await roster('11:00')).counts).toEqual({ booked: 3, joined: 1, noShow: 2 });
    clock.set(plus(AT('11:00'), 15 * MINUTE));
    await fromGame(seats[1]?.ticket ?? '');
    const after = await roster('11:00');
    expect(after.counts).toEqual({ booked: 3, joined: 2, noShow: 1 });
    expect(byEmail(after)[di.email]?.presence).toBe('joined');
    expect(byEmail(after)[ed.email]?.presence).toBe('no-show');
    // Reports count the day's no-shows: this game's one, and the 10:30 seat never joined.
    const report = await post(await fresh('staff'), 'consoleReport', { week: DAY });
    expect(report.statusCode, report.body).toBe(200);
    const monday = jsonOf<{ days: { day: string; noShows: number }[] }>(report).days[0];
    expect(monday).toMatchObject({ day: DAY, noShows: 2 });
  });

  it('says how each seat was taken: booked, booked by staff, joined by code', async () => {
    const [jo, kim, lee, max] = (await players(4)) as [Player, Player, Player, Player];
    await book(jo, '14:00');
    const staff = await fresh('staff');
    const byConsole = await post(staff, 'consolePlayerSeatBook', {
      playerId: kim.id,
      startsAt: AT('14:00'),
    });
    expect(byConsole.statusCode, byConsole.body).toBe(200);
    const byCommandLine = await run({
      command: 'seats book',
      email: lee.email,
      date: DAY,
      time: '14:00',
    });
    expect(byCommandLine.statusCode, byCommandLine.body).toBe(200);
    const code = await post(staff, 'consoleSlotAccessCode', { day: DAY, time: '14:00' });
    clock.set(plus(AT('14:00'), MINUTE));
    const { accessCode } = jsonOf<{ accessCode: string }>(code);
    const joined = await postJson(t.app, 'itemsJoinByAccessCode', { accessCode }, as(max));
    expect(joined.statusCode, joined.body).toBe(200);
    const how = Object.fromEntries(
      (await roster('14:00')).seats.map((seat) => [seat.email, seat.source]),
    );
    expect(how).toEqual({
      [jo.email]: 'booked',
      [kim.email]: 'staff',
      [lee.email]: 'staff',
      [max.email]: 'joined',
    });
    // The venue day, the player's page and `users show` say it as the roster does.
    const day = await post(staff, 'consoleDay', { day: DAY });
    expect(day.statusCode, day.body).toBe(200);
    const game = jsonOf<ConsoleDay>(day).slots.find((slot) => slot.time === '14:00');
    expect(Object.fromEntries(game?.players.map((seat) => [seat.id, seat.source]) ?? [])).toEqual({
      [jo.id]: 'booked',
      [kim.id]: 'staff',
      [lee.id]: 'staff',
      [max.id]: 'joined',
    });
    const seatsOf = async (who: Player) => {
      const page = await post(staff, 'consolePlayer', { playerId: who.id });
      expect(page.statusCode, page.body).toBe(200);
      const { upcoming, past } = jsonOf<ConsolePlayer>(page).bookings;
      return [...upcoming.entries, ...past.entries].map((seat) => seat.source);
    };
    expect(await seatsOf(kim)).toEqual(['staff']);
    expect(await seatsOf(jo)).toEqual(['booked']);
    const shown = await run({ command: 'users show', email: lee.email });
    expect(shown.statusCode, shown.body).toBe(200);
    const result = jsonOf<OperatorResultOf<'users show'>>(shown);
    expect(result.bookings.map((seat) => seat.source)).toEqual(['staff']);
    expect(formatResult(result)).toContain(`${AT('14:00')}  booked by staff at `);
  });

  it('follows the grace an admin sets (0 to 30 minutes), audited; staff cannot set it', async () => {
    const staff = await fresh('staff');
    const admin = await fresh('admin');
    expect((await run({ command: 'settings no-show-grace', minutes: 31 })).statusCode).toBe(400);
    const refused = await post(admin, 'consoleSettingsChange', {
      command: 'settings no-show-grace',
      minutes: -1,
    });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused)).toMatchObject({
      message: expect.stringContaining('Enter a whole number of minutes from 0 to 30.'),
    });
    const byStaff = await post(staff, 'consoleSettingsChange', {
      command: 'settings no-show-grace',
      minutes: 5,
    });
    expect(byStaff.statusCode).toBe(403);
    const changed = await post(admin, 'consoleSettingsChange', {
      command: 'settings no-show-grace',
      minutes: 0,
    });
    expect(jsonOf(changed)).toEqual({ command: 'settings no-show-grace', minutes: 0, before: 10 });
    const shown = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.consoleSettings.path,
      remoteAddress: staff.ip,
      headers: { cookie: `${COOKIE}=${staff.cookie}` },
    });
    expect(jsonOf(shown)).toMatchObject({ noShowGraceMinutes: 0 });
    const audit = await post(admin, 'consoleAuditLog', { action: 'settings.no-show-grace' });
    expect(jsonOf<{ entries: AuditEntry[] }>(audit).entries[0]).toMatchObject({
      actor: { kind: 'operator', id: admin.id },
      before: { minutes: 10 },
      after: { minutes: 0 },
    });
    // With no grace, a seat without a join is a no-show from the start.
    const [fay] = (await players(1)) as [Player];
    await book(fay, '12:00');
    clock.set(plus(AT('12:00'), -1));
    expect((await roster('12:00')).counts).toEqual({ booked: 1, joined: 0, noShow: 0 });
    clock.set(AT('12:00'));
    expect((await roster('12:00')).counts).toEqual({ booked: 1, joined: 0, noShow: 1 });
    // The command line's twin.
    const back = await run({ command: 'settings no-show-grace', minutes: 10 });
    expect(jsonOf(back)).toEqual({ command: 'settings no-show-grace', minutes: 10, before: 0 });
  });

  it('counts each day of the week exactly: a cancelled seat is not counted', async () => {
    const [gus, hal] = (await players(2)) as [Player, Player];
    await book(gus, '13:00');
    const hals = await book(hal, '13:00');
    const cancelled = await postJson(
      t.app,
      'eventsCancel',
      { registrationId: hals.registrationId },
      as(hal),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await run({ command: 'slots close', date: DAY, time: '13:30' })).statusCode).toBe(200);
    expect(
      (await run({ command: 'days block', date: '2026-06-03', reason: 'Private party' }))
        .statusCode,
    ).toBe(200);
    const answer = await post(await fresh('staff'), 'consoleBookingsWeek', {});
    expect(answer.statusCode, answer.body).toBe(200);
    const week = jsonOf<ConsoleBookingsWeek>(answer);
    expect(week.from).toBe(DAY);
    expect(week.days.map((day) => day.day)).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    expect(week.days[2]?.closed).toEqual({ blocked: 'Private party' });
    expect(week.days[1]?.closed).toBeNull();
    const row = (time: string) => week.rows.find((one) => one.time === time);
    // Each cell names its game's instant, for its time on the venue's clock with the zone.
    expect(row('13:00')?.cells[0]).toEqual({
      day: DAY,
      startsAt: AT('13:00'),
      booked: 1,
      capacity: 25,
      open: true,
    });
    expect(row('13:30')?.cells[0]).toEqual({
      day: DAY,
      startsAt: AT('13:30'),
      booked: 0,
      capacity: 25,
      open: false,
    });
    expect(row('13:00')?.cells[1]).toEqual({
      day: '2026-06-02',
      startsAt: '2026-06-02T17:00:00.000Z',
      booked: 0,
      capacity: 25,
      open: true,
    });
    expect(row('13:00')?.cells[2]).toBeNull();
    const next = await post(await fresh('staff'), 'consoleBookingsWeek', { from: '2026-06-08' });
    expect(jsonOf<ConsoleBookingsWeek>(next).days[0]?.day).toBe('2026-06-08');
  });

  it('refuses players and strangers', async () => {
    const [ivy] = (await players(1)) as [Player];
    for (const [route, body] of [
      ['consoleRoster', { day: DAY, time: '10:00' }],
      ['consoleBookingsWeek', {}],
    ] as const) {
      expect((await postJson(t.app, route, body, as(ivy))).statusCode).toBe(403);
      expect((await postJson(t.app, route, body)).statusCode).toBe(401);
    }
    const missing = await post(await fresh('staff'), 'consoleRoster', { day: DAY, time: '03:00' });
    expect(missing.statusCode).toBe(404);
  });
});
