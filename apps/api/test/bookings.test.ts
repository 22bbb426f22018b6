/**
 * Booking (security.md W12; R2, R3, R4): the slots of a venue day, booking one for 2 credits
 * in one transaction, the player's next game, and the refusals, with the ledger and seat
 * invariants checked after every test. Concurrency runs as real parallel requests (on Postgres,
 * over a pool; PGlite serialises them but must still give the same answers).
 */
import { type AvailableTime, type RegisterEventResponse } from '@questfield/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, eventSlots, registrations, users } from '../src/db/schema';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { openedMails } from './helpers/outbox';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, type TestApp, servicesOf } from './helpers/test-app';
import { refusal } from './helpers/refusal';

/** Concurrent bookings of one slot (R2): 500 on Postgres; PGlite runs them one at a time. */
const CROWD = dbKind === 'postgres' ? 500 : 60;

describe(`booking [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);
  const db = () => t.database.handle.db;

  /**
   * Players with a session and a balance, made directly (no Argon2 per player): booking is
   * under test here, sign-up has its own suite. Credits come as operators' grants, a real
   * posting with its ledger row.
   */
  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);
  const playerWith = async (credits: number) => (await playersWith(credits))[0] as Player;

  const listDay = (date: string, who?: Player) =>
    postJson(t.app, 'eventsAvailableTimes', { date }, who && { cookie: who.cookie, ip: who.ip });
  const book = (who: Player, eventTime: string, extra: Record<string, unknown> = {}) =>
    postJson(
      t.app,
      'eventsRegister',
      { EventTime: eventTime, ...extra },
      { cookie: who.cookie, ip: who.ip },
    );
  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;

  async function slotsOf(date: string): Promise<AvailableTime[]> {
    const listed = await listDay(date);
    expect(listed.statusCode).toBe(200);
    return jsonOf<AvailableTime[]>(listed);
  }
  async function firstSlot(): Promise<string> {
    const [first] = await slotsOf('2026-06-01');
    return first?.EventTime ?? '';
  }

  beforeEach(async () => {
    clock.set(NOW);
    t = await createTestApp({ clock });
    services = servicesOf(t);
  });
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    await t.close();
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  describe('Events/GetAvailableEventTimes', () => {
    it('lists the venue day’s 24 slots, 25 seats each, named by district and venue time', async () => {
      const slots = await slotsOf('2026-06-01');
      expect(slots).toHaveLength(24);
      expect(slots[0]).toEqual({
        EventTime: '2026-06-01T14:00:00.000Z',
        SpotsAvailable: 25,
        Capacity: 25,
        event_id: 'Old Mill District|10:00 AM',
      });
      expect(slots.at(-1)?.event_id).toBe('Old Mill District|09:30 PM');
      // Listing again creates nothing twice.
      expect(await slotsOf('2026-06-01')).toEqual(slots);
    });

    it('lists only future slots, by the venue’s calendar, not UTC’s', async () => {
      clock.set('2026-06-02T01:10:00Z'); // 9:10 PM on June 1 in New York, June 2 in UTC
      const slots = await slotsOf('2026-06-01');
      expect(slots.map((slot) => slot.event_id)).toEqual(['Old Mill District|09:30 PM']);
      expect(jsonOf(await listDay('2026-05-31'))).toEqual(refusal('DATE_IN_PAST'));
    });

    it('keeps wall-clock times across the daylight-saving change', async () => {
      clock.set('2026-11-01T04:00:00Z'); // midnight in New York, the night clocks go back
      const slots = await slotsOf('2026-11-01');
      expect(slots[0]).toMatchObject({
        EventTime: '2026-11-01T15:00:00.000Z', // 10:00 AM EST (UTC−5)
        event_id: 'Old Mill District|10:00 AM',
      });
    });

    it('refuses a malformed date with the spec’s words, and lists nothing past the horizon', async () => {
      expect(jsonOf(await listDay('06/01/2026'))).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Date input not valid.',
      });
      expect(jsonOf(await listDay('2026-02-30'))).toMatchObject({
        message: 'Date input not valid.',
      });
      expect(await slotsOf('2027-06-01')).toEqual([]);
    });
  });

  describe('Events/RegisterPixelEvent', () => {
    it('books a seat for 2 credits in one go: seat, registration, ledger, game data, code', async () => {
      const player = await playerWith(5);
      const eventTime = await firstSlot();
      const booked = await book(player, eventTime, {
        // The spec's identity fields name someone else: the session decides.
        UserId: randomUUID(),
        email_id: 'someone@else.example',
        EventName: 'Forged',
        EventLength: 999,
      });
      expect(booked.statusCode).toBe(200);
      const answer = jsonOf<RegisterEventResponse>(booked);
      expect(answer).toEqual({
        EventTime: eventTime,
        gamedata: {
          gametime: '2026-06-01 14:00:00',
          eventid: 'Old Mill District|10:00 AM',
          gamelength: 30,
          redirecturl: 'http://localhost:3000/dashboard',
          homeurl: 'http://localhost:3000/',
        },
        accessCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
        credits: 3,
        repeated: false,
        ticket: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        registrationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        cancelCutoffMinutes: 120,
      });
      expect(await balanceOf(player.id)).toBe(3);
      const [registration] = await db()
        .select()
        .from(registrations)
        .where(eq(registrations.userId, player.id));
      expect(registration).toMatchObject({ source: 'booking', id: answer.registrationId });
      const postings = await db()
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.refId, registration?.id ?? ''));
      expect(postings).toMatchObject([{ delta: -2, reason: 'book', refType: 'registration' }]);
      const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.booked, 1));
      expect(slot?.accessCodeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(slot)).not.toContain(answer.accessCode);
      expect((await slotsOf('2026-06-01'))[0]?.SpotsAvailable).toBe(24);
    });

    it('gives every player of a slot the same access code, and lists the next game', async () => {
      const [first, second] = await playersWith(2, 2);
      const eventTime = await firstSlot();
      const codes = await Promise.all(
        [first, second].map(
          async (who) =>
            jsonOf<RegisterEventResponse>(await book(who as Player, eventTime)).accessCode,
        ),
      );
      expect(codes[0]).toBe(codes[1]);
      // The operator's `slots show` prints the same code.
      expect((await services.bookings.operatorDay('2026-06-01'))[0]?.accessCode).toBe(codes[0]);

      const next = await postJson(
        t.app,
        'eventsCheckUserEvent',
        { username: 'anyone', hours: 24 },
        { cookie: first?.cookie, ip: first?.ip },
      );
      expect(jsonOf(next)).toEqual([
        {
          EventTime: eventTime,
          EventName: 'Old Mill District',
          event_id: 'Old Mill District|10:00 AM',
          EventLength: 30,
          accessCode: codes[0],
          ticket: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          registrationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          cancelCutoffMinutes: 120,
        },
      ]);
      // Still listed while it runs, gone once it has ended.
      clock.set('2026-06-01T14:29:00Z');
      const live = await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, first);
      expect(jsonOf<unknown[]>(live)).toHaveLength(1);
      clock.set('2026-06-01T14:30:00Z');
      const ended = await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, first);
      expect(jsonOf(ended)).toEqual([]);
    });

    it("refuses under 2 credits with 'Not Enough Credits' and changes nothing", async () => {
      const player = await playerWith(1);
      const response = await book(player, await firstSlot());
      expect(response.statusCode).toBe(409);
      expect(jsonOf(response)).toEqual(refusal('NOT_ENOUGH_CREDITS'));
      expect(await balanceOf(player.id)).toBe(1);
      expect(await db().select().from(registrations)).toEqual([]);
    });

    it('refuses a full slot, a past one, an unknown time, and everything while multiplayer is off', async () => {
      const player = await playerWith(10);
      const eventTime = await firstSlot();
      await db().update(eventSlots).set({ capacity: 1, booked: 1 });
      expect(jsonOf(await book(player, eventTime))).toEqual(refusal('SLOT_FULL'));
      expect(jsonOf(await book(player, '2026-06-01T14:10:00.000Z'))).toEqual(
        refusal('SLOT_CLOSED'),
      );
      await db().update(eventSlots).set({ capacity: 25, booked: 0 });
      clock.set('2026-06-01T14:00:00Z');
      expect(jsonOf(await book(player, eventTime))).toEqual(refusal('SLOT_CLOSED'));
      expect(jsonOf(await book(player, 'tomorrow'))).toMatchObject({ message: 'Register failed' });
      expect(await balanceOf(player.id)).toBe(10);

      const off = await createTestApp({ clock, env: { MULTIPLAYER_ENABLED: 'false' } });
      try {
        const [created] = await off.database.handle.db
          .insert(users)
          .values({ email: 'off@example.com', username: 'off', passwordHash: 'not-a-login' })
          .returning({ id: users.id });
        const session = await servicesOf(off).sessions.create(created?.id ?? '', {
          ip: '198.51.100.7',
          userAgent: 'test',
        });
        const response = await postJson(
          off.app,
          'eventsRegister',
          { EventTime: eventTime },
          {
            cookie: session.id,
          },
        );
        expect(response.statusCode).toBe(503);
        expect(jsonOf(response)).toEqual(refusal('MULTIPLAYER_DISABLED'));
        // No game is offered by access code either.
        for (const route of ['itemsGameByAccessCode', 'itemsJoinByAccessCode'] as const) {
          const cookie = { cookie: session.id };
          const refused = await postJson(off.app, route, { accessCode: 'ZZZZ-ZZZZ' }, cookie);
          expect(jsonOf(refused)).toEqual(refusal('MULTIPLAYER_DISABLED'));
        }
      } finally {
        await off.close();
      }
    });

    it('books a slot it seated someone on before straight away, and still answers every change since', async () => {
      // The process keeps the slot after each seat (ADR 0043); each change below comes after a
      // seat, so the booking that meets it is the one that skips the first read.
      const [first, second, third, fourth, fifth] = (await playersWith(10, 5)) as [
        Player,
        Player,
        Player,
        Player,
        Player,
      ];
      const at = (await slotsOf('2026-06-01')).at(-1)?.EventTime ?? ''; // 21:30: cancellable
      const seat = async (who: Player) => jsonOf<RegisterEventResponse>(await book(who, at));
      const old = await seat(first);
      expect(old).toMatchObject({ credits: 8, repeated: false });

      await services.bookings.setOpen('2026-06-01', '21:30', false);
      expect(jsonOf(await book(second, at))).toEqual(refusal('SLOT_CLOSED'));
      await services.bookings.setOpen('2026-06-01', '21:30', true);
      expect(await seat(second)).toMatchObject({ credits: 8, repeated: false });
      expect(await seat(second)).toMatchObject({ credits: 8, repeated: true });

      expect(await seat(third)).toMatchObject({ credits: 8, repeated: false });
      await services.bookings.setCapacity('2026-06-01', '21:30', 3);
      expect(jsonOf(await book(fourth, at))).toEqual(refusal('SLOT_FULL'));
      await services.bookings.setCapacity('2026-06-01', '21:30', 25);
      expect(await seat(fourth)).toMatchObject({ credits: 8, repeated: false });

      // Every seat given back, the slot removed and made again: a new slot, with a new code.
      for (const who of [first, second, third, fourth]) {
        const [held] = await db()
          .select({ id: registrations.id })
          .from(registrations)
          .where(eq(registrations.userId, who.id));
        const cancelled = await postJson(t.app, 'eventsCancel', { registrationId: held?.id }, who);
        expect(cancelled.statusCode).toBe(200);
      }
      const hours = { first: '10:00', last: '21:00', capacity: 25 };
      expect(await services.bookings.reshapeWeekday('monday', hours)).toMatchObject({ removed: 1 });
      await services.bookings.reshapeWeekday('monday', { ...hours, last: '21:30' });
      const remade = await seat(fifth);
      expect(remade).toMatchObject({ credits: 8, repeated: false });
      expect(remade.accessCode).not.toBe(old.accessCode);
      const [slot] = await db()
        .select({ id: eventSlots.id, booked: eventSlots.booked })
        .from(eventSlots)
        .where(eq(eventSlots.startsAt, new Date(at)));
      const [held] = await db()
        .select({ slotId: registrations.slotId })
        .from(registrations)
        .where(eq(registrations.userId, fifth.id));
      expect(held?.slotId).toBe(slot?.id);
      expect(slot?.booked).toBe(1);
      const [mail] = await openedMails(t, fifth.email);
      expect(mail?.textBody).toContain(remade.accessCode);
    });

    it('needs a session', async () => {
      const response = await postJson(t.app, 'eventsRegister', { EventTime: await firstSlot() });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('access codes (Items/GetSessionByAccessCode, Items/JoinByAccessCode)', () => {
    const lookUp = (who: Player, accessCode: string) =>
      postJson(t.app, 'itemsGameByAccessCode', { accessCode }, who);
    const join = (who: Player, accessCode: string) =>
      postJson(t.app, 'itemsJoinByAccessCode', { accessCode }, who);

    /** A slot booked by a host, and its access code. */
    async function hostedGame(): Promise<{ eventTime: string; accessCode: string }> {
      const host = await playerWith(2);
      const eventTime = await firstSlot();
      const booked = jsonOf<RegisterEventResponse>(await book(host, eventTime));
      return { eventTime, accessCode: booked.accessCode };
    }

    it('opens the game from its start for 30 minutes, by the server clock', async () => {
      const { eventTime, accessCode } = await hostedGame();
      const friend = await playerWith(2);
      expect(jsonOf(await lookUp(friend, accessCode))).toEqual(refusal('ACCESS_CODE_EXPIRED'));
      clock.set('2026-06-01T14:01:00Z');
      const typed = accessCode.toLowerCase().replace('-', ' ');
      expect(jsonOf(await lookUp(friend, typed))).toEqual([
        {
          date: eventTime,
          roomName: 'Old Mill District',
          eventId: 'Old Mill District|10:00 AM',
          spotsAvailable: 24,
        },
      ]);
      clock.set('2026-06-01T14:30:00Z');
      expect(jsonOf(await lookUp(friend, accessCode))).toEqual(refusal('ACCESS_CODE_EXPIRED'));
      expect((await join(friend, accessCode)).statusCode).toBe(410);
      expect(await balanceOf(friend.id)).toBe(2);
    });

    it('tells a player without credits first what is wrong with the code or the game', async () => {
      const { accessCode } = await hostedGame();
      const broke = await playerWith(0);
      expect(jsonOf(await join(broke, 'ZZZZ-ZZZZ'))).toEqual(refusal('ACCESS_CODE_INVALID'));
      expect(jsonOf(await join(broke, accessCode))).toEqual(refusal('ACCESS_CODE_EXPIRED'));
      clock.set('2026-06-01T14:05:00Z');
      await db().update(eventSlots).set({ capacity: 1 });
      expect(jsonOf(await join(broke, accessCode))).toEqual(refusal('SLOT_FULL'));
      await db().update(eventSlots).set({ capacity: 25 });
      expect(jsonOf(await join(broke, accessCode))).toEqual(refusal('NOT_ENOUGH_CREDITS'));
      expect(await balanceOf(broke.id)).toBe(0);
    });

    it("answers the spec's words for no code and an unknown one", async () => {
      const friend = await playerWith(2);
      expect(jsonOf(await lookUp(friend, ' '))).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Please enter an access code.',
      });
      expect(jsonOf(await lookUp(friend, 'ZZZZ-ZZZZ'))).toEqual(refusal('ACCESS_CODE_INVALID'));
      expect(jsonOf(await join(friend, 'ZZZZ-ZZZZ'))).toEqual(refusal('ACCESS_CODE_INVALID'));
    });

    it('joins a live game for 2 credits once; joining again charges nothing', async () => {
      const { accessCode } = await hostedGame();
      const [friend, broke] = [await playerWith(3), await playerWith(1)];
      clock.set('2026-06-01T14:05:00Z');
      const joined = jsonOf<RegisterEventResponse>(await join(friend, accessCode));
      expect(joined).toMatchObject({ accessCode, credits: 1, repeated: false });
      expect(joined.gamedata).toMatchObject({ gametime: '2026-06-01 14:00:00', gamelength: 30 });
      const again = jsonOf<RegisterEventResponse>(await join(friend, accessCode));
      expect(again).toMatchObject({ credits: 1, repeated: true });
      const [registration] = await db()
        .select()
        .from(registrations)
        .where(eq(registrations.userId, friend.id));
      expect(registration).toMatchObject({ source: 'access_code' });
      const [posting] = await db()
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.refId, registration?.id ?? ''));
      expect(posting).toMatchObject({ reason: 'join', delta: -2 });
      expect(jsonOf(await join(broke, accessCode))).toEqual(refusal('NOT_ENOUGH_CREDITS'));
    });

    it('R4 for joins: 20 identical joins at once take one seat and one debit', async () => {
      const { accessCode } = await hostedGame();
      const friend = await playerWith(10);
      clock.set('2026-06-01T14:05:00Z');
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => join(friend, accessCode)),
      );
      // The code budget admits 10 a minute; the rest are told to wait.
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const answers = responses
        .filter((response) => response.statusCode === 200)
        .map((response) => jsonOf<RegisterEventResponse>(response));
      expect(answers.filter((answer) => !answer.repeated)).toHaveLength(1);
      expect(await balanceOf(friend.id)).toBe(8);
      expect(
        await db().select().from(registrations).where(eq(registrations.userId, friend.id)),
      ).toHaveLength(1);
    });

    it('counts lookups and joins against the code budget (10 a minute per player)', async () => {
      const friend = await playerWith(2);
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        statuses.push((await lookUp(friend, `WRNG-${attempt}`)).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(404), 429]);
      expect(jsonOf(await join(friend, 'ZZZZ-ZZZZ'))).toEqual(refusal('CODE_ATTEMPTS_LIMITED'));
    });
  });

  describe('concurrency', () => {
    it(`R2: ${CROWD} players with 2 credits book one slot at once: exactly 25 seats`, async () => {
      const crowd = await playersWith(2, CROWD);
      const eventTime = await firstSlot();
      const responses = await Promise.all(crowd.map((who) => book(who, eventTime)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(25);
      const refused = responses.filter((response) => response.statusCode !== 200);
      expect(new Set(refused.map((response) => response.body))).toEqual(
        new Set([JSON.stringify(refusal('SLOT_FULL'))]),
      );
      const balances = await Promise.all(crowd.map((who) => balanceOf(who.id)));
      expect(balances.filter((credits) => credits === 0)).toHaveLength(25);
      expect(balances.filter((credits) => credits === 2)).toHaveLength(CROWD - 25);
      const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.booked, 25));
      expect(slot?.booked).toBe(25);
    });

    it('R3: a player with 2 credits books 24 slots at once: one booking; 5 credits: two', async () => {
      const times = (await slotsOf('2026-06-01')).map((slot) => slot.EventTime);
      for (const [credits, wins] of [
        [2, 1],
        [5, 2],
      ] as const) {
        const player = await playerWith(credits);
        const responses = await Promise.all(times.map((time) => book(player, time)));
        const statuses = responses.map((response) => response.statusCode);
        expect(statuses.filter((status) => status === 200)).toHaveLength(wins);
        expect(statuses.filter((status) => status === 409)).toHaveLength(times.length - wins);
        expect(await balanceOf(player.id)).toBe(credits - 2 * wins);
      }
    });

    it('R4: 20 identical bookings at once: one seat, one debit, the same answer for all', async () => {
      const player = await playerWith(10);
      const eventTime = await firstSlot();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => book(player, eventTime)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      const answers = responses.map((response) => jsonOf<RegisterEventResponse>(response));
      expect(answers.filter((answer) => !answer.repeated)).toHaveLength(1);
      expect(new Set(answers.map((answer) => answer.accessCode)).size).toBe(1);
      expect(await balanceOf(player.id)).toBe(8);
      expect(await db().select().from(registrations)).toHaveLength(1);
    });
  });
});
