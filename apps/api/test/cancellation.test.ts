/**
 * Seats given back (ADR 0029): a player cancels a seat up to the cut-off (a runtime setting, by
 * the server's clock) and gets back exactly what the booking took, once, however many times
 * the request comes; staff cancel without the cut-off and book for a player on the player's own
 * path, audited. Races run as real parallel requests (on Postgres over a pool; PGlite serialises
 * them and must give the same answers); the invariants (balances = ledger, seats =
 * registrations, refunds ≤ what was paid) are checked after every test and when the app closes.
 */
import {
  API_ROUTES,
  type AuditEntry,
  type CancelRegistrationResponse,
  type UserEvent,
} from '@questfield/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, eventSlots, registrations, users } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { COOKIE, postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

const MINUTE = 60_000;
const DISTRICT = 'Old Mill <District> & "Co"';
const UNKNOWN = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';

describe(`seat cancellation [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let admin: Operator;
  const { operator, enrol, post, reauth, answersAnyBody } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token, env: { DISTRICT_NAME: DISTRICT } });
    services = servicesOf(t);
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
    // The day's slots exist once listed.
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  /** Players with a session and a balance (an operator's grant), without Argon2 each. */
  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);
  const playerWith = async (credits: number) => (await playersWith(credits))[0] as Player;

  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const book = (who: Player, eventTime: string) =>
    postJson(t.app, 'eventsRegister', { EventTime: eventTime }, as(who));
  const cancel = (who: Player, registrationId: string) =>
    postJson(t.app, 'eventsCancel', { registrationId }, as(who));
  const myGames = async (who: Player) =>
    jsonOf<UserEvent[]>(await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, as(who)));

  /** Books `eventTime` for `who` and returns the seat's registration id (from My Sessions). */
  async function seatOf(who: Player, eventTime: string): Promise<string> {
    const booked = await book(who, eventTime);
    expect(booked.statusCode, booked.body).toBe(200);
    const game = (await myGames(who)).find((event) => event.EventTime === eventTime);
    return game?.registrationId ?? expect.fail('the booked game is not listed');
  }

  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;
  const bookedOn = async (eventTime: string) =>
    (
      await db()
        .select({ booked: eventSlots.booked })
        .from(eventSlots)
        .where(eq(eventSlots.startsAt, new Date(eventTime)))
    )[0]?.booked;
  const postingsOf = (userId: string) =>
    db()
      .select({
        reason: creditLedger.reason,
        delta: creditLedger.delta,
        refType: creditLedger.refType,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(creditLedger.id);
  const auditOf = async (action: string, player?: { id: string }) => {
    const filter = player === undefined ? { action } : { action, playerId: player.id };
    const answer = await post(admin, 'consoleAuditLog', filter);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };
  const runCommand = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  describe('Events/CancelRegistration', () => {
    it('gives back exactly the 2 credits with one ledger row, frees the seat, lists it no more', async () => {
      const player = await playerWith(10);
      const slot = AT('14:00');
      const seats = await bookedOn(slot);
      const registrationId = await seatOf(player, slot);
      expect(await balanceOf(player.id)).toBe(8);
      expect(await bookedOn(slot)).toBe((seats ?? 0) + 1);

      const answer = await cancel(player, registrationId);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(jsonOf<CancelRegistrationResponse>(answer)).toEqual({
        registrationId,
        EventTime: slot,
        refunded: 2,
        credits: 10,
        repeated: false,
      });
      expect(await balanceOf(player.id)).toBe(10);
      expect(await bookedOn(slot)).toBe(seats);
      expect(await postingsOf(player.id)).toEqual([
        { reason: 'admin', delta: 10, refType: 'admin' },
        { reason: 'book', delta: -2, refType: 'registration' },
        { reason: 'cancel', delta: 2, refType: 'cancellation' },
      ]);
      expect(await myGames(player)).toEqual([]);
      // The same slot can be booked again: a new seat, paid again.
      const again = await seatOf(player, slot);
      expect(again).not.toBe(registrationId);
      expect(await balanceOf(player.id)).toBe(8);
    });

    it('lists the seat with its registration id and the cut-off in force', async () => {
      const player = await playerWith(10);
      const registrationId = await seatOf(player, AT('15:00'));
      const [game] = await myGames(player);
      expect(game).toMatchObject({ registrationId, cancelCutoffMinutes: 120 });
    });

    it('refunds once for a double click: 10 requests at once, one refund, nine repeats', async () => {
      const player = await playerWith(10);
      const slot = AT('14:30');
      const seats = await bookedOn(slot);
      const registrationId = await seatOf(player, slot);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => cancel(player, registrationId)),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const bodies = answers.map((answer) => jsonOf<CancelRegistrationResponse>(answer));
      expect(bodies.filter((body) => !body.repeated)).toHaveLength(1);
      for (const body of bodies) expect(body).toMatchObject({ refunded: 2, credits: 10 });
      expect(await balanceOf(player.id)).toBe(10);
      expect(await bookedOn(slot)).toBe(seats);
      const refunds = (await postingsOf(player.id)).filter((row) => row.reason === 'cancel');
      expect(refunds).toHaveLength(1);
      // And later, a retry still answers the same without paying again.
      const retry = jsonOf<CancelRegistrationResponse>(await cancel(player, registrationId));
      expect(retry).toMatchObject({ repeated: true, refunded: 2, credits: 10, EventTime: null });
    });

    it('keeps a full slot exact while its players cancel and others book at once', async () => {
      const slot = AT('16:00');
      expect(
        (await runCommand({ command: 'slots set-capacity', date: DAY, time: '16:00', capacity: 5 }))
          .statusCode,
      ).toBe(200);
      const holders = await playersWith(10, 5);
      const ids = await Promise.all(holders.map((holder) => seatOf(holder, slot)));
      expect(await bookedOn(slot)).toBe(5);
      const crowd = await playersWith(10, dbKind === 'postgres' ? 20 : 10);
      const [cancels, bookings] = await Promise.all([
        Promise.all(holders.map((holder, index) => cancel(holder, ids[index] ?? ''))),
        Promise.all(crowd.map((player) => book(player, slot))),
      ]);
      for (const answer of cancels) expect(answer.statusCode, answer.body).toBe(200);
      const seated = crowd.filter((_, index) => bookings[index]?.statusCode === 200);
      for (const answer of bookings) {
        if (answer.statusCode !== 200) expect(jsonOf(answer)).toEqual(refusal('SLOT_FULL'));
      }
      expect(seated.length).toBeLessThanOrEqual(5);
      expect(await bookedOn(slot)).toBe(seated.length);
      for (const holder of holders) expect(await balanceOf(holder.id)).toBe(10);
      for (const player of crowd) {
        expect(await balanceOf(player.id)).toBe(seated.includes(player) ? 8 : 10);
      }
    });

    it('settles two cancels and a booking of the same seat at once, every way round', async () => {
      const slot = AT('17:00');
      const seats = await bookedOn(slot);
      for (let round = 0; round < 5; round += 1) {
        const player = await playerWith(10);
        const registrationId = await seatOf(player, slot);
        const [first, second, rebook] = await Promise.all([
          cancel(player, registrationId),
          cancel(player, registrationId),
          book(player, slot),
        ]);
        expect(first.statusCode, first.body).toBe(200);
        expect(second.statusCode, second.body).toBe(200);
        expect(rebook.statusCode, rebook.body).toBe(200);
        const held = (await myGames(player)).length;
        // A booking before the cancels found the seat held (no charge); one after took a new one.
        expect(await balanceOf(player.id)).toBe(10 - 2 * held);
        expect(await bookedOn(slot)).toBe((seats ?? 0) + held);
        if (held === 1) {
          const last = (await myGames(player))[0]?.registrationId ?? '';
          expect(jsonOf(await cancel(player, last))).toMatchObject({ refunded: 2, credits: 10 });
        }
        expect(await bookedOn(slot)).toBe(seats);
      }
    });

    it('follows the cut-off by the server’s clock: 2h01 before is fine, 1h59 is refused', async () => {
      const slot = AT('18:00');
      const [early, late] = await playersWith(10, 2);
      const earlyId = await seatOf(early as Player, slot);
      const lateId = await seatOf(late as Player, slot);
      const start = new Date(slot).getTime();

      clock.set(new Date(start - 121 * MINUTE).toISOString());
      expect((await cancel(early as Player, earlyId)).statusCode).toBe(200);

      clock.set(new Date(start - 119 * MINUTE).toISOString());
      const refused = await cancel(late as Player, lateId);
      expect(refused.statusCode).toBe(409);
      expect(jsonOf(refused)).toEqual({
        code: 'CANCEL_CUTOFF_PASSED',
        message: 'Seats can be cancelled up to 2 hours before the game starts.',
      });
      expect(await balanceOf((late as Player).id)).toBe(8);

      // An admin moves the cut-off to 90 minutes: the message and the rule follow.
      const set = await runCommand({ command: 'settings cancel-cutoff', minutes: 90 });
      expect(set.statusCode, set.body).toBe(200);
      clock.set(new Date(start - 89 * MINUTE).toISOString());
      expect(jsonOf(await cancel(late as Player, lateId))).toEqual({
        code: 'CANCEL_CUTOFF_PASSED',
        message: 'Seats can be cancelled up to 1 hour 30 minutes before the game starts.',
      });
      expect((await myGames(late as Player))[0]?.cancelCutoffMinutes).toBe(90);
      clock.set(new Date(start - 91 * MINUTE).toISOString());
      expect((await cancel(late as Player, lateId)).statusCode).toBe(200);
      expect(
        (await runCommand({ command: 'settings cancel-cutoff', minutes: 120 })).statusCode,
      ).toBe(200);
    });

    it('refuses a started game, and a seat joined by access code while live', async () => {
      const slot = AT('18:30');
      const player = await playerWith(10);
      const registrationId = await seatOf(player, slot);
      clock.set(new Date(new Date(slot).getTime() + MINUTE).toISOString());
      expect(jsonOf(await cancel(player, registrationId))).toEqual(refusal('GAME_ALREADY_STARTED'));
      expect(await balanceOf(player.id)).toBe(8);

      const joiner = await playerWith(10);
      const day = jsonOf<{ slots: { accessCode: string; time: string }[] }>(
        await runCommand({ command: 'slots show', date: DAY }),
      );
      const code = day.slots.find((row) => row.time === '18:30')?.accessCode ?? '';
      const joined = await postJson(
        t.app,
        'itemsJoinByAccessCode',
        { accessCode: code },
        as(joiner),
      );
      expect(joined.statusCode, joined.body).toBe(200);
      const joinedId = (await myGames(joiner))[0]?.registrationId ?? '';
      expect(jsonOf(await cancel(joiner, joinedId))).toEqual(refusal('GAME_ALREADY_STARTED'));
    });

    it('answers another player’s seat exactly as an unknown one, and leaves it alone', async () => {
      const [owner, other] = (await playersWith(10, 2)) as [Player, Player];
      const slot = AT('19:00');
      const registrationId = await seatOf(owner, slot);
      const foreign = await cancel(other, registrationId);
      const unknown = await cancel(other, UNKNOWN);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(unknown.body);
      expect(jsonOf(foreign)).toEqual(refusal('SEAT_NOT_FOUND'));
      expect(await balanceOf(owner.id)).toBe(8);
      expect(await balanceOf(other.id)).toBe(10);
      expect((await myGames(owner))[0]?.registrationId).toBe(registrationId);
    });

    it('gives back nothing for a seat that took no credits', async () => {
      const player = await playerWith(4);
      const slot = AT('19:30');
      const [row] = await db()
        .select({ id: eventSlots.id })
        .from(eventSlots)
        .where(eq(eventSlots.startsAt, new Date(slot)));
      const registrationId = randomUUID();
      await db()
        .insert(registrations)
        .values({
          id: registrationId,
          slotId: row?.id ?? '',
          userId: player.id,
          source: 'booking',
        });
      await db()
        .update(eventSlots)
        .set({ booked: sql`${eventSlots.booked} + 1` })
        .where(eq(eventSlots.startsAt, new Date(slot)));
      const answer = jsonOf<CancelRegistrationResponse>(await cancel(player, registrationId));
      expect(answer).toMatchObject({ refunded: 0, credits: 4, repeated: false });
      expect(await balanceOf(player.id)).toBe(4);
      expect((await postingsOf(player.id)).map((posting) => posting.reason)).toEqual(['admin']);
    });

    it('mails the player a confirmation through the outbox, every value escaped', async () => {
      const player = await playerWith(10);
      const registrationId = await seatOf(player, AT('20:00'));
      expect((await cancel(player, registrationId)).statusCode).toBe(200);
      const [mail] = await openedMails(t, player.email);
      expect(mail?.template).toBe('seat_cancelled');
      expect(mail?.textBody).toContain('Monday, June 1, 2026, 8:00 PM EDT');
      expect(mail?.textBody).toContain(DISTRICT);
      expect(mail?.textBody).toContain('2 credits were returned to your account');
      expect(mail?.htmlBody).toContain('Old Mill &lt;District&gt; &amp; &quot;Co&quot;');
      expect(mail?.htmlBody).not.toContain('<District>');
    });

    it('needs a session (401), and answers any body with a 4xx, never a 500', async () => {
      const answer = await postJson(t.app, 'eventsCancel', { registrationId: UNKNOWN });
      expect(answer.statusCode).toBe(401);
      await answersAnyBody(staff, [['eventsCancel', [{ registrationId: UNKNOWN }]]], 23);
    });
  });

  describe('staff', () => {
    // Money moves after a fresh check (the clock goes back to NOW before each test, within it).
    beforeAll(() => reauth(staff));
    const seatBody = (player: { id: string }, startsAt: string) => ({
      playerId: player.id,
      startsAt,
    });

    it('refuse a player (403) and a visitor (401) both routes', async () => {
      const player = await playerWith(10);
      for (const route of ['consolePlayerSeatCancel', 'consolePlayerSeatBook'] as const) {
        const body = seatBody(player, AT('20:30'));
        expect((await postJson(t.app, route, body, as(player))).statusCode).toBe(403);
        expect((await postJson(t.app, route, body)).statusCode).toBe(401);
      }
    });

    it('book a seat for a player from the player’s balance, and cancel it without the cut-off', async () => {
      const player = await playerWith(3);
      const slot = AT('11:00');
      const booked = await post(staff, 'consolePlayerSeatBook', seatBody(player, slot));
      expect(booked.statusCode, booked.body).toBe(200);
      expect(jsonOf(booked)).toEqual({ startsAt: slot, balance: 1, repeated: false });
      expect(jsonOf(await post(staff, 'consolePlayerSeatBook', seatBody(player, slot)))).toEqual({
        startsAt: slot,
        balance: 1,
        repeated: true,
      });
      // Too few credits for another: the player's own refusal.
      expect(
        jsonOf(await post(staff, 'consolePlayerSeatBook', seatBody(player, AT('11:30')))),
      ).toEqual(refusal('NOT_ENOUGH_CREDITS'));

      // Ten minutes before the start: past the players' cut-off, not staff's.
      clock.set(new Date(new Date(slot).getTime() - 10 * MINUTE).toISOString());
      await reauth(staff);
      const cancelled = await post(staff, 'consolePlayerSeatCancel', seatBody(player, slot));
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(jsonOf(cancelled)).toEqual({ startsAt: slot, refunded: 2, balance: 3 });
      expect(jsonOf(await post(staff, 'consolePlayerSeatCancel', seatBody(player, slot)))).toEqual(
        refusal('OPERATOR_SEAT_NOT_FOUND'),
      );

      const [cancelRow] = await auditOf('seats.cancel', player);
      expect(cancelRow).toMatchObject({
        action: 'seats.cancel',
        actor: { kind: 'operator', id: staff.id, role: 'staff' },
        subject: `${DAY} 11:00`,
        before: { seat: true, balance: 1 },
        after: { seat: false, balance: 3, refunded: 2 },
      });
      const bookRows = await auditOf('seats.book', player);
      expect(bookRows).toHaveLength(1);
      expect(bookRows[0]).toMatchObject({
        actor: { kind: 'operator', id: staff.id },
        after: { seat: true, balance: 1 },
      });
      const [mail] = await openedMails(t, player.email);
      expect(mail?.textBody).toContain('Our staff cancelled your seat');
    });

    it('never cancel a started game, nor book one', async () => {
      const player = await playerWith(10);
      const slot = AT('12:00');
      expect((await post(staff, 'consolePlayerSeatBook', seatBody(player, slot))).statusCode).toBe(
        200,
      );
      clock.set(new Date(new Date(slot).getTime() + MINUTE).toISOString());
      await reauth(staff);
      expect(jsonOf(await post(staff, 'consolePlayerSeatCancel', seatBody(player, slot)))).toEqual(
        refusal('GAME_ALREADY_STARTED'),
      );
      expect(jsonOf(await post(staff, 'consolePlayerSeatBook', seatBody(player, slot)))).toEqual({
        startsAt: slot,
        balance: 8,
        repeated: true,
      });
      const other = await playerWith(10);
      expect(jsonOf(await post(staff, 'consolePlayerSeatBook', seatBody(other, slot)))).toEqual(
        refusal('SLOT_CLOSED'),
      );
      expect(await balanceOf(player.id)).toBe(8);
    });

    it('run the same from the command line (seats book, seats cancel), audited as it', async () => {
      const player = await playerWith(10);
      const where = { email: player.email, date: DAY, time: '17:30' };
      const booked = await runCommand({ command: 'seats book', ...where });
      expect(booked.statusCode, booked.body).toBe(200);
      expect(jsonOf(booked)).toEqual({
        command: 'seats book',
        email: player.email,
        startsAt: AT('17:30'),
        balance: 8,
        repeated: false,
      });
      const cancelled = await runCommand({ command: 'seats cancel', ...where });
      expect(jsonOf(cancelled)).toEqual({
        command: 'seats cancel',
        email: player.email,
        startsAt: AT('17:30'),
        refunded: 2,
        balance: 10,
      });
      const [row] = await auditOf('seats.cancel', player);
      expect(row?.actor).toMatchObject({ kind: 'command_line' });
      const rows = await db()
        .select({ reason: creditLedger.reason })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, player.id), eq(creditLedger.refType, 'cancellation')));
      expect(rows).toEqual([{ reason: 'cancel' }]);
    });

    it('answer any body with a 4xx, never a 500', async () => {
      const player = await playerWith(10);
      const example = seatBody(player, AT('21:30'));
      await answersAnyBody(
        staff,
        [
          ['consolePlayerSeatCancel', [example, seatBody({ id: UNKNOWN }, AT('21:30'))]],
          ['consolePlayerSeatBook', [example]],
        ],
        29,
      );
    });
  });

  it('shows and sets the cut-off in the console’s settings (admins)', async () => {
    const changed = await post(admin, 'consoleSettingsChange', {
      command: 'settings cancel-cutoff',
      minutes: 45,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(jsonOf(changed)).toEqual({
      command: 'settings cancel-cutoff',
      minutes: 45,
      before: 120,
    });
    expect(
      (
        await post(staff, 'consoleSettingsChange', {
          command: 'settings cancel-cutoff',
          minutes: 5,
        })
      ).statusCode,
    ).toBe(403);
    const [row] = await auditOf('settings.cancel-cutoff');
    expect(row).toMatchObject({
      actor: { kind: 'operator', id: admin.id },
      before: { minutes: 120 },
      after: { minutes: 45 },
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.consoleSettings.path,
      remoteAddress: staff.ip,
      headers: { cookie: `${COOKIE}=${staff.cookie}` },
    });
    expect(jsonOf(shown)).toMatchObject({ cancelCutoffMinutes: 45 });
    expect(jsonOf(await runCommand({ command: 'settings show' }))).toMatchObject({
      cancelCutoffMinutes: 45,
    });
    expect((await runCommand({ command: 'settings cancel-cutoff', minutes: 120 })).statusCode).toBe(
      200,
    );
  });
});
