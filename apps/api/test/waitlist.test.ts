/**
 * The waitlist of full games (ADR 0034): joining and leaving a line, one offer per freed seat
 * (a cancellation, a raised capacity, a deleted account) to the first in line, mailed and held
 * for the runtime setting's minutes; accepting books the held seat for 2 credits (source
 * 'waitlist'), too few credits keeps the hold; declining, leaving and lapsing (the waitlist job,
 * on the fake clock) pass the seat on; nothing is offered within 30 minutes of the start. Races
 * run as real parallel requests (on Postgres over a pool; PGlite serialises them and must give
 * the same answers), and across two processes on Postgres. After every test the invariants hold,
 * among them: a slot's held seats are exactly its offers.
 */
import {
  API_ROUTES,
  type AuditEntry,
  type AvailableTime,
  type UserEvent,
  type WaitlistAcceptResponse,
  type WaitlistEntry,
  type WaitlistState,
} from '@questfield/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  creditLedger,
  eventSlots,
  registrations,
  users,
  waitlistEntries,
  waitlistLapses,
} from '../src/db/schema';
import { systemClock } from '../src/lib/clock';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { COOKIE, postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { openEventStream } from './helpers/event-stream';
import { postTo } from './helpers/http';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { twoProcesses } from './helpers/two-processes';
import { refusal } from './helpers/refusal';

const MINUTE = 60_000;
const DISTRICT = 'Old Mill <District> & "Co"';
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

describe(`waitlist [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let admin: Operator;
  const { operator, enrol, post, answersAnyBody } = consoleClient(() => t, token, clock);
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
    // Each test's lines start empty: the job's pass sees every slot's.
    await db().delete(waitlistEntries);
    await db().update(eventSlots).set({ held: 0 });
  });

  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);
  const playerWith = async (credits: number) => (await playersWith(credits))[0] as Player;

  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const runCommand = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });
  const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
    const done = await answer;
    expect(done.statusCode, done.body).toBe(200);
    return JSON.parse(done.body) as unknown;
  };

  const book = (who: Player, at: string) =>
    postJson(t.app, 'eventsRegister', { EventTime: at }, as(who));
  const join = (who: Player, at: string) =>
    postJson(t.app, 'waitlistJoin', { EventTime: at }, as(who));
  const leave = (who: Player, at: string) =>
    postJson(t.app, 'waitlistLeave', { EventTime: at }, as(who));
  const accept = (who: Player, at: string) =>
    postJson(t.app, 'waitlistAccept', { EventTime: at }, as(who));
  const decline = (who: Player, at: string) =>
    postJson(t.app, 'waitlistDecline', { EventTime: at }, as(who));
  const stateOf = async (who: Player) =>
    jsonOf<WaitlistState>(await postJson(t.app, 'waitlistMine', {}, as(who)));
  const mine = async (who: Player) => (await stateOf(who)).entries;
  const myGames = async (who: Player) =>
    jsonOf<UserEvent[]>(await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, as(who)));
  const settleOffers = () => t.app.waitlistJob.runOnce();

  /** Gives the slot at `venueTime` `capacity` seats. */
  const setCapacity = (venueTime: string, capacity: number) =>
    ok(runCommand({ command: 'slots set-capacity', date: DAY, time: venueTime, capacity }));

  /** A slot of `capacity` seats, all booked: its players. */
  async function fullSlot(venueTime: string, capacity: number): Promise<Player[]> {
    await setCapacity(venueTime, capacity);
    const seated = await playersWith(10, capacity);
    for (const player of seated) await ok(book(player, AT(venueTime)));
    return seated;
  }

  /** `players` join the line in this order (a second of the fake clock apart). */
  async function lineUp(players: Player[], at: string) {
    for (const player of players) {
      clock.set(plus(clock.now().toISOString(), 1_000));
      await ok(join(player, at));
    }
  }

  const slotAt = async (at: string) => {
    const [row] = await db()
      .select({ booked: eventSlots.booked, held: eventSlots.held, capacity: eventSlots.capacity })
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(at)));
    return row;
  };
  /** The slot's line: each player's status, in the order they joined. */
  const lineOf = async (at: string) =>
    db()
      .select({ userId: waitlistEntries.userId, status: waitlistEntries.status })
      .from(waitlistEntries)
      .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
      .where(eq(eventSlots.startsAt, new Date(at)))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;
  const offerMails = async (who: Player) =>
    (await openedMails(t, who.email)).filter((mail) => mail.template === 'waitlist_offer');
  const spotsOf = async (at: string) => {
    const listed = jsonOf<AvailableTime[]>(
      await postJson(t.app, 'eventsAvailableTimes', { date: DAY }),
    );
    return listed.find((slot) => slot.EventTime === at)?.SpotsAvailable;
  };
  const registrationIdOf = async (who: Player, at: string) =>
    (await myGames(who)).find((game) => game.EventTime === at)?.registrationId ??
    expect.fail('the game is not listed');
  const cancel = async (who: Player, at: string) =>
    ok(
      postJson(t.app, 'eventsCancel', { registrationId: await registrationIdOf(who, at) }, as(who)),
    );

  /** What Waitlist/Mine says of a player waiting at `place` on the game at `at`. */
  const waiting = (at: string, venueTime: string, place: number): WaitlistEntry => ({
    EventTime: at,
    event_id: `${DISTRICT}|${venueTime}`,
    when: expect.stringMatching(
      /^Monday, June 1, 2026, \d{1,2}:\d\d [AP]M EDT$/,
    ) as unknown as string,
    day: DAY,
    status: 'waiting',
    seats: 1,
    place,
    offerExpiresAt: null,
  });
  const offered = (at: string, venueTime: string, expiresAt: string): WaitlistEntry => ({
    ...waiting(at, venueTime, 1),
    status: 'offered',
    place: null,
    offerExpiresAt: expiresAt,
  });

  describe('joining and leaving', () => {
    it('lines players up on a full game only, once each, free, and lets them leave at any time', async () => {
      const at = AT('10:00');
      const [seated] = (await fullSlot('10:00', 1)) as [Player];
      const [first, second] = (await playersWith(4, 2)) as [Player, Player];

      await lineUp([first], at);
      expect(await mine(first)).toEqual([waiting(at, '10:00 AM', 1)]);
      expect(await mine(first)).toEqual([
        expect.objectContaining({ when: 'Monday, June 1, 2026, 10:00 AM EDT' }),
      ]);
      // Joining again answers the same place, and writes nothing.
      const again = jsonOf<WaitlistState>(await join(first, at));
      expect(again.entries).toEqual([waiting(at, '10:00 AM', 1)]);
      await lineUp([second], at);
      expect(await mine(second)).toEqual([waiting(at, '10:00 AM', 2)]);
      expect(await lineOf(at)).toEqual([
        { userId: first.id, status: 'waiting' },
        { userId: second.id, status: 'waiting' },
      ]);
      // Free: no credits move, no seat is held.
      expect(await balanceOf(first.id)).toBe(4);
      expect(await slotAt(at)).toEqual({ booked: 1, held: 0, capacity: 1 });

      // The seated player is no one to wait for it.
      expect(jsonOf(await join(seated, at))).toEqual(refusal('ALREADY_BOOKED'));

      // Leaving moves the next one up; leaving again changes nothing.
      expect(jsonOf<WaitlistState>(await leave(first, at)).entries).toEqual([]);
      expect(jsonOf<WaitlistState>(await leave(first, at)).entries).toEqual([]);
      expect(await mine(second)).toEqual([waiting(at, '10:00 AM', 1)]);
    });

    it('refuses a game with free seats, an unknown or closed one, and one starting within 30 minutes', async () => {
      const player = await playerWith(10);
      expect(jsonOf(await join(player, AT('10:30')))).toEqual(refusal('WAITLIST_NOT_FULL'));
      expect(jsonOf(await join(player, AT('10:10')))).toEqual(refusal('SLOT_CLOSED'));
      await fullSlot('11:00', 1);
      await ok(runCommand({ command: 'slots close', date: DAY, time: '11:00' }));
      expect(jsonOf(await join(player, AT('11:00')))).toEqual(refusal('SLOT_CLOSED'));
      await ok(runCommand({ command: 'slots reopen', date: DAY, time: '11:00' }));

      clock.set(plus(AT('11:00'), -30 * MINUTE));
      expect(jsonOf(await join(player, AT('11:00')))).toEqual(refusal('WAITLIST_CLOSED'));
      clock.set(plus(AT('11:00'), -31 * MINUTE));
      expect((await join(player, AT('11:00'))).statusCode).toBe(200);
      expect(await mine(player)).toEqual([waiting(AT('11:00'), '11:00 AM', 1)]);
      expect(await lineOf(AT('11:00'))).toHaveLength(1);
    });

    it('lets only a player who can pay for the game join its line (issue 40)', async () => {
      const at = AT('11:30');
      await fullSlot('11:30', 1);
      const [broke, short, able] = [await playerWith(0), await playerWith(1), await playerWith(2)];
      for (const who of [broke, short]) {
        const refused = await join(who, at);
        expect(refused.statusCode).toBe(409);
        expect(jsonOf(refused)).toEqual(refusal('WAITLIST_NOT_ENOUGH_CREDITS'));
        expect(await mine(who)).toEqual([]);
      }
      await lineUp([able], at);
      expect(await lineOf(at)).toEqual([{ userId: able.id, status: 'waiting' }]);
      expect(await balanceOf(able.id)).toBe(2);
    });

    it('needs a session (401), and answers any body with a 4xx, never a 500', async () => {
      for (const route of [
        'waitlistMine',
        'waitlistJoin',
        'waitlistLeave',
        'waitlistAccept',
        'waitlistDecline',
      ] as const) {
        expect((await postJson(t.app, route, { EventTime: AT('12:00') })).statusCode).toBe(401);
      }
      const example = { EventTime: AT('21:30') };
      await answersAnyBody(
        staff,
        [
          ['waitlistJoin', [example]],
          ['waitlistLeave', [example]],
          ['waitlistAccept', [example]],
          ['waitlistDecline', [example]],
        ],
        34,
      );
    });
  });

  describe('offers', () => {
    it('offers a cancelled seat to the first in line only, held 15 minutes and mailed; nobody else may book it', async () => {
      const at = AT('12:00');
      const [holder] = (await fullSlot('12:00', 2)) as [Player];
      const [first, second, other] = (await playersWith(10, 3)) as [Player, Player, Player];
      await lineUp([first, second], at);
      clock.set(NOW);

      await cancel(holder, at);
      expect(await slotAt(at)).toEqual({ booked: 1, held: 1, capacity: 2 });
      expect(await lineOf(at)).toEqual([
        { userId: first.id, status: 'offered' },
        { userId: second.id, status: 'waiting' },
      ]);
      expect(await mine(first)).toEqual([offered(at, '12:00 PM', plus(NOW, 15 * MINUTE))]);
      expect(await mine(second)).toEqual([waiting(at, '12:00 PM', 1)]);

      const [mail, ...more] = await offerMails(first);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('A seat is free for you: Questfield waitlist');
      expect(mail?.textBody).toContain('the session of Monday, June 1, 2026, 12:00 PM EDT at');
      // The hold's end names its zone too (issue "One clock, named").
      expect(mail?.textBody).toContain('for 15 minutes, until 8:15 AM EDT.');
      expect(mail?.textBody).toContain(DISTRICT);
      // The link lands on the offer itself (the banner takes the focus on this hash).
      expect(mail?.textBody).toMatch(/decline it: http:\/\/[^/\s]+\/dashboard#seat-offer$/m);
      expect(mail?.htmlBody).toContain('Old Mill &lt;District&gt; &amp; &quot;Co&quot;');
      expect(mail?.htmlBody).not.toContain('<District>');
      expect(await offerMails(second)).toEqual([]);

      // The held seat is taken for everyone else.
      expect(await spotsOf(at)).toBe(0);
      expect(jsonOf(await book(other, at))).toEqual(refusal('SLOT_FULL'));
      expect(await balanceOf(other.id)).toBe(10);
    });

    it('books the held seat on accepting: 2 credits with a ledger row, source waitlist, held back to 0', async () => {
      const at = AT('12:30');
      const [holder] = (await fullSlot('12:30', 1)) as [Player];
      const [first, second] = (await playersWith(10, 2)) as [Player, Player];
      await lineUp([first, second], at);
      await cancel(holder, at);

      const answer = jsonOf<WaitlistAcceptResponse>(await accept(first, at));
      expect(answer).toEqual({ EventTime: at, registrationId: expect.any(String), credits: 8 });
      expect(await slotAt(at)).toEqual({ booked: 1, held: 0, capacity: 1 });
      const [seat] = await db()
        .select({ source: registrations.source, userId: registrations.userId })
        .from(registrations)
        .where(eq(registrations.id, answer.registrationId));
      expect(seat).toEqual({ source: 'waitlist', userId: first.id });
      const postings = await db()
        .select({ reason: creditLedger.reason, delta: creditLedger.delta, ref: creditLedger.refId })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, first.id), eq(creditLedger.refType, 'registration')));
      expect(postings).toEqual([{ reason: 'book', delta: -2, ref: answer.registrationId }]);
      expect(await mine(first)).toEqual([]);
      expect((await myGames(first)).map((game) => game.registrationId)).toEqual([
        answer.registrationId,
      ]);
      expect(await mine(second)).toEqual([waiting(at, '12:30 PM', 1)]);
      // The seat is confirmed as a booked one is, with its calendar file.
      const confirmations = (await openedMails(t, first.email)).filter(
        (mail) => mail.template === 'seat_booked',
      );
      expect(confirmations).toHaveLength(1);
      expect(confirmations[0]?.extras.attachments[0]?.content).toContain(
        `UID:${answer.registrationId}@`,
      );
      // Accepting again finds no offer, and charges nothing.
      expect(jsonOf(await accept(first, at))).toEqual(refusal('WAITLIST_OFFER_NOT_FOUND'));
      expect(jsonOf(await accept(second, at))).toEqual(refusal('WAITLIST_OFFER_NOT_FOUND'));
      expect(await balanceOf(first.id)).toBe(8);

      // A seat from the waitlist is given back like any other, and goes to the next in line.
      expect(await cancel(first, at)).toMatchObject({ refunded: 2, credits: 10 });
      expect(await lineOf(at)).toEqual([{ userId: second.id, status: 'offered' }]);
    });

    it('refuses an accept with too few credits and keeps the hold running', async () => {
      const at = AT('13:00');
      const [holder] = (await fullSlot('13:00', 1)) as [Player];
      const poor = await playerWith(2);
      await lineUp([poor], at);
      clock.set(NOW);
      await cancel(holder, at);
      // Spent after the offer was made (as a booking elsewhere would).
      await services.credits.grant({ userId: poor.id, credits: -1, reason: 'test' });
      clock.set(plus(NOW, 5 * MINUTE));

      expect(jsonOf(await accept(poor, at))).toEqual(refusal('NOT_ENOUGH_CREDITS'));
      expect(await slotAt(at)).toEqual({ booked: 0, held: 1, capacity: 1 });
      expect(await mine(poor)).toEqual([offered(at, '01:00 PM', plus(NOW, 15 * MINUTE))]);
      expect(await balanceOf(poor.id)).toBe(1);

      // Credits bought within the hold: the seat is still theirs.
      await services.credits.grant({ userId: poor.id, credits: 1, reason: 'test' });
      expect(jsonOf(await accept(poor, at))).toMatchObject({ EventTime: at, credits: 0 });
      expect(await slotAt(at)).toEqual({ booked: 1, held: 0, capacity: 1 });
    });

    it('passes a declined seat to the next in line, mailed; declining again finds nothing', async () => {
      const at = AT('13:30');
      const [holder] = (await fullSlot('13:30', 1)) as [Player];
      const [first, second, third] = (await playersWith(10, 3)) as [Player, Player, Player];
      await lineUp([first, second, third], at);
      await cancel(holder, at);
      expect(await lineOf(at)).toEqual([
        { userId: first.id, status: 'offered' },
        { userId: second.id, status: 'waiting' },
        { userId: third.id, status: 'waiting' },
      ]);

      expect(jsonOf<WaitlistState>(await decline(first, at)).entries).toEqual([]);
      expect(await lineOf(at)).toEqual([
        { userId: second.id, status: 'offered' },
        { userId: third.id, status: 'waiting' },
      ]);
      expect(await slotAt(at)).toEqual({ booked: 0, held: 1, capacity: 1 });
      expect(await offerMails(second)).toHaveLength(1);
      expect(await mine(third)).toEqual([waiting(at, '01:30 PM', 1)]);
      expect(jsonOf(await decline(first, at))).toEqual(refusal('WAITLIST_OFFER_NOT_FOUND'));
      expect(jsonOf(await decline(third, at))).toEqual(refusal('WAITLIST_OFFER_NOT_FOUND'));

      // Leaving with an offer declines it too; with nobody left, the seat is free for anyone.
      await ok(leave(third, at));
      await ok(leave(second, at));
      expect(await lineOf(at)).toEqual([]);
      expect(await slotAt(at)).toEqual({ booked: 0, held: 0, capacity: 1 });
      expect(await spotsOf(at)).toBe(1);
    });

    it('lets an offer lapse by the server’s clock; the job passes it to the next in line, once', async () => {
      const at = AT('14:00');
      const [holder] = (await fullSlot('14:00', 1)) as [Player];
      const [first, second] = (await playersWith(10, 2)) as [Player, Player];
      await lineUp([first, second], at);
      clock.set(NOW);
      await cancel(holder, at);

      clock.set(plus(NOW, 15 * MINUTE - 1_000));
      expect(await settleOffers()).toEqual({ lapsed: 0, cleared: 0 });
      expect(await lineOf(at)).toEqual([
        { userId: first.id, status: 'offered' },
        { userId: second.id, status: 'waiting' },
      ]);

      const lapsedAt = plus(NOW, 15 * MINUTE);
      clock.set(lapsedAt);
      // Past the hold, before the job: refused already.
      expect(jsonOf(await accept(first, at))).toEqual(refusal('WAITLIST_OFFER_NOT_FOUND'));
      const wake = vi.spyOn(t.app.emailDispatcher, 'wake');
      expect(await settleOffers()).toEqual({ lapsed: 1, cleared: 0 });
      // The next player's offer is mailed now, not at the dispatcher's next poll.
      expect(wake).toHaveBeenCalled();
      expect(await lineOf(at)).toEqual([{ userId: second.id, status: 'offered' }]);
      expect(await mine(second)).toEqual([offered(at, '02:00 PM', plus(lapsedAt, 15 * MINUTE))]);
      expect(await slotAt(at)).toEqual({ booked: 0, held: 1, capacity: 1 });
      expect(await settleOffers()).toEqual({ lapsed: 0, cleared: 0 });
      expect(await mine(first)).toEqual([]);
      expect(await balanceOf(first.id)).toBe(10);
    });

    it('skips in an offer the players who cannot pay at that moment; they keep their place', async () => {
      // Issue 40: three accounts joined with credits, spent them, and the offer passed from one
      // to the next as each hold lapsed; the funded 4th got it 48 minutes later.
      const at = AT('19:00');
      const elsewhere = AT('19:30');
      const [holder] = (await fullSlot('19:00', 1)) as [Player];
      const spenders = (await playersWith(2, 3)) as [Player, Player, Player];
      const funded = await playerWith(10);
      await lineUp([...spenders, funded], at);
      for (const spender of spenders) await ok(book(spender, elsewhere));
      clock.set(plus(NOW, 10 * MINUTE));
      await cancel(holder, at);
      expect(await lineOf(at)).toEqual([
        ...spenders.map((spender) => ({ userId: spender.id, status: 'waiting' })),
        { userId: funded.id, status: 'offered' },
      ]);
      expect(await offerMails(funded)).toHaveLength(1);
      for (const spender of spenders) expect(await offerMails(spender)).toEqual([]);
      await ok(accept(funded, at));

      // Credits bought later: the next seat freed is theirs, first in line again.
      await services.credits.grant({ userId: spenders[1].id, credits: 2, reason: 'test' });
      await cancel(funded, at);
      expect(await lineOf(at)).toEqual([
        { userId: spenders[0].id, status: 'waiting' },
        { userId: spenders[1].id, status: 'offered' },
        { userId: spenders[2].id, status: 'waiting' },
      ]);
    });

    it('sends a player who let two offers lapse on a venue day to the end of every line', async () => {
      const [first, second] = [AT('20:00'), AT('20:30')];
      const later = AT('21:00');
      const holders = [
        ...(await fullSlot('20:00', 1)),
        ...(await fullSlot('20:30', 1)),
        ...(await fullSlot('21:00', 1)),
      ] as [Player, Player, Player];
      const [idle, patient] = (await playersWith(10, 2)) as [Player, Player];
      // Lapses of an earlier day do not count, and go once the player lapses again.
      const yesterday = { day: '2026-05-31', lapses: 5 };
      await db()
        .insert(waitlistLapses)
        .values([idle, patient].map((who) => ({ userId: who.id, ...yesterday })));
      await lineUp([idle], first);
      await lineUp([idle], second);
      await lineUp([idle, patient], later);
      clock.set(plus(NOW, 10 * MINUTE));
      await cancel(holders[0], first);
      await cancel(holders[1], second);
      expect(await mine(patient)).toEqual([waiting(later, '09:00 PM', 2)]);

      clock.set(plus(NOW, 25 * MINUTE));
      expect(await settleOffers()).toEqual({ lapsed: 2, cleared: 0 });
      // Two lapses today: behind everyone in the lines it is still in.
      expect(await mine(patient)).toEqual([waiting(later, '09:00 PM', 1)]);
      expect(await mine(idle)).toEqual([waiting(later, '09:00 PM', 2)]);
      await cancel(holders[2], later);
      expect(await lineOf(later)).toEqual([
        { userId: idle.id, status: 'waiting' },
        { userId: patient.id, status: 'offered' },
      ]);
      const lapsesOf = (who: Player) =>
        db()
          .select({ day: waitlistLapses.day, lapses: waitlistLapses.lapses })
          .from(waitlistLapses)
          .where(eq(waitlistLapses.userId, who.id));
      expect(await lapsesOf(idle)).toEqual([{ day: DAY, lapses: 2 }]);
      expect(await lapsesOf(patient)).toEqual([yesterday]);
    });

    it('offers each seat a raised capacity adds, to as many in line', async () => {
      const at = AT('14:30');
      await fullSlot('14:30', 2);
      const line = await playersWith(10, 3);
      await lineUp(line, at);

      await setCapacity('14:30', 4);
      expect(await slotAt(at)).toEqual({ booked: 2, held: 2, capacity: 4 });
      expect((await lineOf(at)).map((entry) => entry.status)).toEqual([
        'offered',
        'offered',
        'waiting',
      ]);
      expect(await offerMails(line[2] as Player)).toEqual([]);
      expect(await mine(line[2] as Player)).toEqual([waiting(at, '02:30 PM', 1)]);
      // The capacity cannot go below the seats booked and held.
      expect(
        jsonOf(
          await runCommand({
            command: 'slots set-capacity',
            date: DAY,
            time: '14:30',
            capacity: 3,
          }),
        ),
      ).toMatchObject({ code: 'OPERATOR_CAPACITY_BELOW_BOOKED' });
    });

    it('offers the seats of a deleted account, and lets its own places and offers go', async () => {
      const at = AT('15:00');
      const [leaving] = (await fullSlot('15:00', 1)) as [Player];
      const [first, second] = (await playersWith(10, 2)) as [Player, Player];
      await lineUp([first, second], at);

      await ok(runCommand({ command: 'users delete', email: leaving.email }));
      expect(await lineOf(at)).toEqual([
        { userId: first.id, status: 'offered' },
        { userId: second.id, status: 'waiting' },
      ]);
      expect(await offerMails(first)).toHaveLength(1);

      // The player offered deletes their account: the seat goes to the next in line.
      await ok(runCommand({ command: 'users delete', email: first.email }));
      expect(await lineOf(at)).toEqual([{ userId: second.id, status: 'offered' }]);
      expect(await slotAt(at)).toEqual({ booked: 0, held: 1, capacity: 1 });
    });

    it('makes no offer within 30 minutes of the start; the job then clears the line', async () => {
      const at = AT('16:00');
      const [holder] = (await fullSlot('16:00', 1)) as [Player];
      const waiter = await playerWith(10);
      await lineUp([waiter], at);

      clock.set(plus(at, -29 * MINUTE));
      // Past the players' cut-off: staff give the seat back.
      await ok(
        runCommand({ command: 'seats cancel', email: holder.email, date: DAY, time: '16:00' }),
      );
      expect(await slotAt(at)).toEqual({ booked: 0, held: 0, capacity: 1 });
      expect(await lineOf(at)).toEqual([{ userId: waiter.id, status: 'waiting' }]);
      expect(await offerMails(waiter)).toEqual([]);
      expect(await settleOffers()).toEqual({ lapsed: 0, cleared: 1 });
      expect(await lineOf(at)).toEqual([]);
      // The seat is anyone's to book now.
      await ok(book(waiter, at));
    });

    it('holds an offer at most until the start, and accepts it until then', async () => {
      const at = AT('16:30');
      await ok(runCommand({ command: 'settings waitlist-hold', minutes: 120 }));
      const [holder] = (await fullSlot('16:30', 1)) as [Player];
      const waiter = await playerWith(10);
      await lineUp([waiter], at);
      clock.set(plus(at, -100 * MINUTE));
      await ok(
        runCommand({ command: 'seats cancel', email: holder.email, date: DAY, time: '16:30' }),
      );
      // Players are told the venue's hold, as it is now.
      expect(await stateOf(waiter)).toEqual({
        entries: [offered(at, '04:30 PM', at)],
        holdMinutes: 120,
      });
      // Within the last 30 minutes, an offer made before may still be taken.
      clock.set(plus(at, -10 * MINUTE));
      expect(await settleOffers()).toEqual({ lapsed: 0, cleared: 0 });
      await ok(accept(waiter, at));
      expect(await slotAt(at)).toEqual({ booked: 1, held: 0, capacity: 1 });
      await ok(runCommand({ command: 'settings waitlist-hold', minutes: 15 }));
    });

    it('follows the hold an admin sets (5 to 120 minutes), audited, in the console too', async () => {
      expect((await runCommand({ command: 'settings waitlist-hold', minutes: 4 })).statusCode).toBe(
        400,
      );
      const refused = await post(admin, 'consoleSettingsChange', {
        command: 'settings waitlist-hold',
        minutes: 121,
      });
      expect(jsonOf(refused)).toMatchObject({
        message: expect.stringContaining('Enter a whole number of minutes from 5 to 120.'),
      });
      expect(
        (
          await post(staff, 'consoleSettingsChange', {
            command: 'settings waitlist-hold',
            minutes: 30,
          })
        ).statusCode,
      ).toBe(403);
      const changed = await post(admin, 'consoleSettingsChange', {
        command: 'settings waitlist-hold',
        minutes: 30,
      });
      expect(jsonOf(changed)).toEqual({
        command: 'settings waitlist-hold',
        minutes: 30,
        before: 15,
      });
      const shown = await t.app.inject({
        method: 'GET',
        url: API_ROUTES.consoleSettings.path,
        remoteAddress: staff.ip,
        headers: { cookie: `${COOKIE}=${staff.cookie}` },
      });
      expect(jsonOf(shown)).toMatchObject({ waitlistHoldMinutes: 30 });
      const audit = await post(admin, 'consoleAuditLog', { action: 'settings.waitlist-hold' });
      expect(jsonOf<{ entries: AuditEntry[] }>(audit).entries[0]).toMatchObject({
        actor: { kind: 'operator', id: admin.id },
        before: { minutes: 15 },
        after: { minutes: 30 },
      });

      const at = AT('17:00');
      const [holder] = (await fullSlot('17:00', 1)) as [Player];
      const waiter = await playerWith(10);
      await lineUp([waiter], at);
      clock.set(NOW);
      await cancel(holder, at);
      expect(await mine(waiter)).toEqual([offered(at, '05:00 PM', plus(NOW, 30 * MINUTE))]);
      await ok(runCommand({ command: 'settings waitlist-hold', minutes: 15 }));
    });
  });

  it('makes exactly one offer per freed seat: 10 seats given back at once, 20 waiting', async () => {
    const at = AT('18:00');
    const holders = await fullSlot('18:00', 10);
    const line = await playersWith(10, 20);
    await lineUp(line, at);
    clock.set(NOW);
    const ids = await Promise.all(holders.map((holder) => registrationIdOf(holder, at)));

    const answers = await Promise.all(
      holders.map((holder, index) =>
        postJson(t.app, 'eventsCancel', { registrationId: ids[index] }, as(holder)),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await slotAt(at)).toEqual({ booked: 0, held: 10, capacity: 10 });
    // The first ten in line, in the order they joined.
    expect(await lineOf(at)).toEqual(
      line.map((player, index) => ({
        userId: player.id,
        status: index < 10 ? 'offered' : 'waiting',
      })),
    );
    const mailed = await Promise.all(line.map(async (player) => (await offerMails(player)).length));
    expect(mailed).toEqual(line.map((_, index) => (index < 10 ? 1 : 0)));

    // All ten accept at once while others book: the ten seats are theirs.
    const crowd = await playersWith(10, 5);
    const [accepts, bookings] = await Promise.all([
      Promise.all(line.slice(0, 10).map((player) => accept(player, at))),
      Promise.all(crowd.map((player) => book(player, at))),
    ]);
    for (const answer of accepts) expect(answer.statusCode, answer.body).toBe(200);
    for (const answer of bookings) expect(jsonOf(answer)).toEqual(refusal('SLOT_FULL'));
    expect(await slotAt(at)).toEqual({ booked: 10, held: 0, capacity: 10 });
  });
});

describe(`waitlist, live [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;

  beforeAll(async () => {
    t = await createTestApp({ clock: systemClock, env: { TRUST_PROXY: '1' } });
    services = servicesOf(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('shows a seat given back by a declined offer on the open seat streams within a second', async () => {
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const origin = `http://127.0.0.1:${address.port}`;
    const day = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: t.env.venueTimezone,
    });
    const [holder, waiter, viewer] = (await playersWithIn(t, services, 10, 3)) as [
      Player,
      Player,
      Player,
    ];
    const listed = jsonOf<AvailableTime[]>(
      await postJson(t.app, 'eventsAvailableTimes', { date: day }),
    );
    const slot = listed[3] as AvailableTime;
    const at = slot.EventTime;
    const db = t.database.handle.db;
    await db
      .update(eventSlots)
      .set({ capacity: 1 })
      .where(eq(eventSlots.startsAt, new Date(at)));
    const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
    expect(
      (await postJson(t.app, 'eventsRegister', { EventTime: at }, as(holder))).statusCode,
    ).toBe(200);
    expect((await postJson(t.app, 'waitlistJoin', { EventTime: at }, as(waiter))).statusCode).toBe(
      200,
    );
    const games = jsonOf<UserEvent[]>(
      await postJson(t.app, 'eventsCheckUserEvent', { hours: 48 }, as(holder)),
    );
    const registrationId = games.find((game) => game.EventTime === at)?.registrationId;
    expect((await postJson(t.app, 'eventsCancel', { registrationId }, as(holder))).statusCode).toBe(
      200,
    );

    const stream = await openEventStream(
      `${origin}${API_ROUTES.eventsSeatStream.path}?date=${day}`,
      { cookie: `${COOKIE}=${viewer.cookie}`, 'x-forwarded-for': viewer.ip },
    );
    try {
      const spots = (data: string) =>
        (JSON.parse(data) as AvailableTime[]).find((listedSlot) => listedSlot.EventTime === at)
          ?.SpotsAvailable;
      // Held for the waiter: taken for everyone else.
      expect(spots((await stream.next()).data)).toBe(0);
      expect(
        (await postJson(t.app, 'waitlistDecline', { EventTime: at }, as(waiter))).statusCode,
      ).toBe(200);
      expect(spots((await stream.next(1_000)).data)).toBe(1);
    } finally {
      stream.close();
    }
  });
});

describe.runIf(dbKind === 'postgres')('waitlist across two API processes [postgres]', () => {
  const processes = twoProcesses();

  it('10 seats given back at once through two processes, 20 waiting: exactly 10 offers', async () => {
    const { t, services, first, second } = processes;
    const db = t.database.handle.db;
    const day = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: t.env.venueTimezone,
    });
    const listed = (await (
      await postTo(first, 'eventsAvailableTimes', { date: day })
    ).json()) as AvailableTime[];
    const at = (listed[5] as AvailableTime).EventTime;
    await db
      .update(eventSlots)
      .set({ capacity: 10 })
      .where(eq(eventSlots.startsAt, new Date(at)));
    const players = await playersWithIn(t, services, 10, 30);
    const holders = players.slice(0, 10);
    const line = players.slice(10);
    const via = (index: number) => (index % 2 === 0 ? first : second.url);
    for (const holder of holders) {
      const booked = await postTo(first, 'eventsRegister', { EventTime: at }, holder);
      expect(booked.status).toBe(200);
    }
    for (const waiter of line) {
      const joined = await postTo(first, 'waitlistJoin', { EventTime: at }, waiter);
      expect(joined.status).toBe(200);
    }
    const ids = await Promise.all(
      holders.map(async (holder) => {
        const games = (await (
          await postTo(first, 'eventsCheckUserEvent', { hours: 48 }, holder)
        ).json()) as UserEvent[];
        return games.find((game) => game.EventTime === at)?.registrationId ?? '';
      }),
    );

    const answers = await Promise.all(
      holders.map((holder, index) =>
        postTo(via(index), 'eventsCancel', { registrationId: ids[index] }, holder),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(holders.map(() => 200));
    const [slot] = await db
      .select({ booked: eventSlots.booked, held: eventSlots.held })
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(at)));
    expect(slot).toEqual({ booked: 0, held: 10 });
    const entries = await db
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
      .where(eq(eventSlots.startsAt, new Date(at)));
    expect(entries.filter((entry) => entry.status === 'offered')).toHaveLength(10);
    expect(entries.filter((entry) => entry.status === 'waiting')).toHaveLength(10);
    expect(hasViolations(await findInvariantViolations(db))).toBe(false);
    // One offer mail per offer.
    const mails = (await openedMails(t)).filter((mail) => mail.template === 'waitlist_offer');
    expect(mails).toHaveLength(10);
  }, 60_000);
});
