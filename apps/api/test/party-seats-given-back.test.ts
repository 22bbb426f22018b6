/**
 * Party seats on every path that gives seats back (issue 43; ADR 0065): a closure, a capacity
 * cut, staff, a refund and an account deletion treat a party's open seat as its leader's seat,
 * and give a guest seat's credits back to the leader who paid for it, never to the guest. The
 * invariants (booked = registrations + open seats, each guest seat paid once by its leader,
 * each refund exactly what its seat took, from its payer) are checked after every test.
 */
import type { RegisterEventResponse } from '@questfield/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, eventSlots, partySeats, waitlistEntries } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

// Monday 2026-06-01, 8:00 AM in New York: the days below are ahead.
const TUESDAY = '2026-06-02';
const WEDNESDAY = '2026-06-03';
const THURSDAY = '2026-06-04';
const FRIDAY = '2026-06-05';
/** 18:00 and 18:30 on the venue clock (New York, summer time). */
const startOf = (day: string, time: '18:00' | '18:30') =>
  `${day}T${time === '18:00' ? '22:00' : '22:30'}:00.000Z`;

/** A test player's username (players.ts names them after their e-mail). */
const nameOf = (player: { email: string }) => player.email.split('@')[0];

describe(`party seats given back [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  const db = () => t.database.handle.db;
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    for (const date of [TUESDAY, WEDNESDAY, THURSDAY, FRIDAY]) {
      expect((await postJson(t.app, 'eventsAvailableTimes', { date })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  const playerWith = async (credits: number) =>
    (await playersWithIn(t, services, credits, 1))[0] as Player;
  const balanceOf = (who: Player) => services.credits.balance(db(), who.id);
  const book = async (who: Player, eventTime: string, seats = 1) => {
    const answer = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: eventTime, seats },
      as(who),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<RegisterEventResponse>(answer);
  };
  const slotOf = async (eventTime: string) => {
    const [slot] = await db()
      .select({ id: eventSlots.id, booked: eventSlots.booked, held: eventSlots.held })
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(eventTime)));
    if (slot === undefined) throw new Error(`No slot at ${eventTime}.`);
    return slot;
  };
  const openSeatsOn = async (eventTime: string) =>
    db()
      .select({ id: partySeats.id })
      .from(partySeats)
      .where(eq(partySeats.slotId, (await slotOf(eventTime)).id));
  const closedMails = async (who: Player) =>
    (await openedMails(t, who.email)).filter((mail) => mail.template === 'game_closed');
  const seatCancels = (who: Player) =>
    db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'seats.cancel'), eq(auditLog.targetUserId, who.id)));
  const setCapacity = async (date: string, time: '18:00' | '18:30', capacity: number) =>
    expect((await run({ command: 'slots set-capacity', date, time, capacity })).statusCode).toBe(
      200,
    );
  const joinLine = async (who: Player, eventTime: string) => {
    const joined = await postJson(t.app, 'waitlistJoin', { EventTime: eventTime }, as(who));
    expect(joined.statusCode, joined.body).toBe(200);
  };
  const placeOf = async (who: Player) =>
    (
      await db()
        .select({ status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.userId, who.id))
    )[0]?.status;

  /**
   * A leader (20 credits) books `seats` on the game; a friend (3 credits) claims the first
   * invite: the leader's seat stays, then the friend's, then `seats - 2` open ones.
   */
  async function partyWithGuest(eventTime: string, seats: number) {
    const leader = await playerWith(20);
    const booked = await book(leader, eventTime, seats);
    const invite = booked.party?.seats.find((seat) => seat.state === 'open')?.invite;
    const friend = await playerWith(3);
    clock.advance(1_000);
    const claimed = await postJson(t.app, 'partiesClaim', { invite }, as(friend));
    expect(claimed.statusCode, claimed.body).toBe(200);
    const guestSeat = jsonOf<RegisterEventResponse>(claimed).registrationId;
    return { leader, friend, booked, guestSeat };
  }

  it('a closure cancels the open seats as the leader’s and refunds a guest’s seat to the leader', async () => {
    const six = startOf(TUESDAY, '18:00');
    const solo = await playerWith(10);
    await book(solo, six);
    const { leader, friend } = await partyWithGuest(six, 3);
    expect(await balanceOf(leader)).toBe(14);

    // The preview counts the open seat as the leader's.
    const preview = await services.scheduleAdmin.closurePreview(TUESDAY, '18:00');
    expect(preview.seats.map((seat) => seat.username).sort()).toEqual(
      [solo, leader, leader, friend].map(nameOf).sort(),
    );
    // Each seat by its own id: a leader's seats are told apart.
    expect(new Set(preview.seats.map((seat) => seat.id)).size).toBe(4);

    const close = { command: 'slots close', date: TUESDAY, time: '18:00', reason: 'No power' };
    const closed = await run({ ...close, cancelSeats: true });
    expect(closed.statusCode, closed.body).toBe(200);
    // Every seat's credits back, to whoever paid: the leader's three, the solo player's one.
    expect(jsonOf(closed)).toMatchObject({ cancelled: 4, refunded: 8, slot: { booked: 0 } });
    expect(await openSeatsOn(six)).toEqual([]);
    expect(await balanceOf(leader)).toBe(20);
    expect(await balanceOf(friend)).toBe(3);
    expect(await balanceOf(solo)).toBe(10);
    // The leader is mailed for each seat of theirs; the guest for theirs.
    expect(await closedMails(leader)).toHaveLength(2);
    expect(await closedMails(friend)).toHaveLength(1);
    const [guestRow] = await seatCancels(friend);
    expect(guestRow?.after).toEqual({
      seat: false,
      balance: 3,
      refunded: 0,
      paidBy: leader.id,
      refundedToPayer: 2,
    });
    expect(await seatCancels(leader)).toHaveLength(2);

    const again = await run({ ...close, cancelSeats: true });
    expect(jsonOf(again)).toMatchObject({ cancelled: 0, refunded: 0 });
  });

  it('a capacity cut takes the open seats first, then the latest booked', async () => {
    const half = startOf(TUESDAY, '18:30');
    await setCapacity(TUESDAY, '18:30', 4);
    const solo = await playerWith(10);
    await book(solo, half);
    clock.advance(1_000);
    const { leader, friend } = await partyWithGuest(half, 3);
    expect((await slotOf(half)).booked).toBe(4);

    const preview = await services.scheduleAdmin.closurePreview(TUESDAY, '18:30', 2);
    expect(preview.seats.map((seat) => seat.username)).toEqual([leader, friend].map(nameOf));

    const cut = {
      command: 'slots set-capacity',
      date: TUESDAY,
      time: '18:30',
      capacity: 2,
      cancelSeats: true,
      reason: 'Half the room is painted',
    };
    const answer = await run(cut);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf(answer)).toMatchObject({ cancelled: 2, refunded: 4, slot: { booked: 2 } });
    expect(await openSeatsOn(half)).toEqual([]);
    // The open seat and the guest's seat (the latest booked) went, both the leader's credits.
    expect(await balanceOf(leader)).toBe(18);
    expect(await balanceOf(friend)).toBe(3);
    expect(await balanceOf(solo)).toBe(8);
    const held = await services.bookings.seatsOf(solo.id, 'upcoming');
    expect(held.entries).toHaveLength(1);
  });

  it('staff give a guest’s seat back to the leader; a freed seat, open or not, goes to the line', async () => {
    const six = startOf(WEDNESDAY, '18:00');
    await setCapacity(WEDNESDAY, '18:00', 3);
    const { leader, friend, booked, guestSeat } = await partyWithGuest(six, 3);
    const [first, second] = [await playerWith(10), await playerWith(10)] as [Player, Player];
    await joinLine(first, six);
    clock.advance(1_000);
    await joinLine(second, six);

    const given = await run({
      command: 'seats cancel',
      email: friend.email,
      date: WEDNESDAY,
      time: '18:00',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(jsonOf(given)).toMatchObject({ refunded: 0, balance: 3 });
    expect(await balanceOf(leader)).toBe(16);
    const [row] = await seatCancels(friend);
    expect(row?.after).toMatchObject({ refunded: 0, paidBy: leader.id, refundedToPayer: 2 });
    expect(await placeOf(first)).toBe('offered');

    // The leader gives the open seat back: offered to the next in line like any seat.
    const open = booked.party?.seats.find(
      (seat) => seat.state === 'open' && seat.seatId !== guestSeat,
    );
    const cancelled = await postJson(
      t.app,
      'eventsCancel',
      { registrationId: open?.seatId },
      as(leader),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await placeOf(second)).toBe('offered');
    expect(await slotOf(six)).toMatchObject({ booked: 1, held: 2 });
  });

  it('a leader deleting their account gives up their open seats too, offered to the line', async () => {
    const half = startOf(WEDNESDAY, '18:30');
    await setCapacity(WEDNESDAY, '18:30', 3);
    const { leader, friend } = await partyWithGuest(half, 3);
    const waiting = await playerWith(10);
    await joinLine(waiting, half);

    const removed = await services.accountDeletion.deleteForOperator(leader.id);
    expect(removed).toMatchObject({ seats: 2, forfeited: 14 });
    expect(await openSeatsOn(half)).toEqual([]);
    // The guest keeps their seat; the two freed seats are free again, one offered.
    expect(await slotOf(half)).toMatchObject({ booked: 1, held: 1 });
    expect(await placeOf(waiting)).toBe('offered');
    expect(await balanceOf(friend)).toBe(3);
    // Nothing came back to the deleted account.
    const refunds = await db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, leader.id), eq(creditLedger.refType, 'cancellation')));
    expect(refunds).toEqual([]);
  });

  it('a guest deleting their account frees the seat and gives its credits back to the leader', async () => {
    const six = startOf(THURSDAY, '18:00');
    const { leader, friend, guestSeat } = await partyWithGuest(six, 2);
    const before = (await slotOf(six)).booked;

    const removed = await services.accountDeletion.deleteForOperator(friend.id);
    expect(removed).toMatchObject({ seats: 1, forfeited: 3 });
    expect((await slotOf(six)).booked).toBe(before - 1);
    expect(await balanceOf(leader)).toBe(18);
    const refunds = await db()
      .select({ userId: creditLedger.userId, delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.refType, 'cancellation'), eq(creditLedger.refId, guestSeat)));
    expect(refunds).toEqual([{ userId: leader.id, delta: 2 }]);
  });

  it('a refund gives back the leader’s open seats first, and never a guest’s seat', async () => {
    const half = startOf(THURSDAY, '18:30');
    const { leader, friend, guestSeat } = await partyWithGuest(half, 3);
    // Each holds a seat of their own on a later game too.
    await book(leader, startOf(FRIDAY, '18:00'));
    await book(friend, startOf(FRIDAY, '18:30'));
    expect(await balanceOf(leader)).toBe(12);
    expect(await balanceOf(friend)).toBe(1);

    await db().transaction(async (tx) => {
      for (const who of [leader, friend].sort((a, b) => (a.id < b.id ? -1 : 1))) {
        await services.credits.lock(tx, who.id);
      }
      const shortOf = new Map([
        [leader.id, 2],
        [friend.id, 4],
      ]);
      await services.cancellation.giveBackForRefund(tx, shortOf);
    });

    // The leader's open seat went, their own seats stayed.
    expect(await openSeatsOn(half)).toEqual([]);
    expect(await balanceOf(leader)).toBe(14);
    const leaders = await services.bookings.seatsOf(leader.id, 'upcoming');
    expect(leaders.entries).toHaveLength(2);
    // The friend's own seat went; the guest seat (the leader's credits) stayed.
    expect(await balanceOf(friend)).toBe(3);
    const friends = await services.bookings.seatsOf(friend.id, 'upcoming');
    expect(friends.entries.map((seat) => seat.id)).toEqual([guestSeat]);
  });
});
