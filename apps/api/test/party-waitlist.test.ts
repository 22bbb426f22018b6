/**
 * A waitlist that keeps a party together (issue 43 item 2; ADR 0066): a party waits as one place
 * with its size; freed seats are offered to the first place in line that fits, never splitting
 * a party, and a place that does not fit keeps its place; accepting a party's offer books the
 * party as a party booking does (its invites, one debit per seat); declining and lapsing pass
 * the block on whole. After every test the invariants hold, among them: a slot's held seats are
 * exactly the seats of its offers, and booked + held never passes its capacity.
 */
import {
  GAME_COST_CREDITS,
  type WaitlistAcceptResponse,
  type WaitlistEntry,
  type WaitlistState,
} from '@questfield/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  creditLedger,
  eventSlots,
  partySeats,
  registrations,
  users,
  waitlistEntries,
} from '../src/db/schema';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { refusal } from './helpers/refusal';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;

describe(`party waitlist [${dbKind}]`, () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    services = servicesOf(t);
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
    // Each test's lines start empty: the job's pass sees every game's.
    await db().delete(waitlistEntries);
    await db().update(eventSlots).set({ held: 0 });
  });

  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const ok = async <R extends { statusCode: number; body: string }>(answer: Promise<R>) => {
    const done = await answer;
    expect(done.statusCode, done.body).toBe(200);
    return done;
  };

  const join = (who: Player, at: string, seats?: number) =>
    postJson(
      t.app,
      'waitlistJoin',
      { EventTime: at, ...(seats === undefined ? {} : { seats }) },
      as(who),
    );
  const accept = (who: Player, at: string) =>
    postJson(t.app, 'waitlistAccept', { EventTime: at }, as(who));
  const decline = (who: Player, at: string) =>
    postJson(t.app, 'waitlistDecline', { EventTime: at }, as(who));
  const mine = async (who: Player) =>
    jsonOf<WaitlistState>(await postJson(t.app, 'waitlistMine', {}, as(who))).entries;
  const settleOffers = () => t.app.waitlistJob.runOnce();

  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;
  const slotAt = async (at: string) => {
    const [row] = await db()
      .select({ booked: eventSlots.booked, held: eventSlots.held, capacity: eventSlots.capacity })
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(at)));
    return row ?? expect.fail(`no slot at ${at}`);
  };
  /** Who holds an offer on the game, and for how many seats. */
  const offersOn = async (at: string) =>
    db()
      .select({ userId: waitlistEntries.userId, seats: waitlistEntries.seats })
      .from(waitlistEntries)
      .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
      .where(and(eq(eventSlots.startsAt, new Date(at)), eq(waitlistEntries.status, 'offered')))
      .orderBy(asc(waitlistEntries.createdAt));

  /** A game of `capacity` seats, each booked by a player of its own: those players. */
  async function fullGame(at: string, capacity: number): Promise<Player[]> {
    await db()
      .update(eventSlots)
      .set({ capacity })
      .where(eq(eventSlots.startsAt, new Date(at)));
    const seated = await playersWith(10, capacity);
    for (const player of seated) {
      await ok(postJson(t.app, 'eventsRegister', { EventTime: at }, as(player)));
    }
    return seated;
  }

  /** Each player's seat on the game given back (each frees one seat, offered at once). */
  async function giveBack(players: Player[], at: string) {
    for (const player of players) {
      const games = jsonOf<{ EventTime: string; registrationId: string }[]>(
        await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, as(player)),
      );
      const seat = games.find((game) => game.EventTime === at) ?? expect.fail('not booked');
      await ok(
        postJson(t.app, 'eventsCancel', { registrationId: seat.registrationId }, as(player)),
      );
    }
  }

  /** Places in this order (a second of the fake clock apart), each of its size. */
  async function lineUp(places: [Player, number][], at: string) {
    for (const [player, seats] of places) {
      clock.advance(1_000);
      await ok(join(player, at, seats));
    }
  }

  it('offers freed seats to the first place that fits, passing over a party it cannot seat', async () => {
    const at = AT('15:00');
    const seated = await fullGame(at, 4);
    const [party4, single, party2] = (await playersWith(20, 3)) as [Player, Player, Player];
    await lineUp(
      [
        [party4, 4],
        [single, 1],
        [party2, 2],
      ],
      at,
    );
    expect((await mine(party4))[0]).toMatchObject({ status: 'waiting', seats: 4, place: 1 });
    expect((await mine(party2))[0]).toMatchObject({ status: 'waiting', seats: 2, place: 3 });

    // One seat frees: the party of 4 cannot be seated in it, so the single behind it gets it.
    await giveBack(seated.slice(0, 1), at);
    expect(await offersOn(at)).toEqual([{ userId: single.id, seats: 1 }]);
    expect(await slotAt(at)).toEqual({ booked: 3, held: 1, capacity: 4 });
    // Passed over, the party keeps its place: first in line still.
    expect((await mine(party4))[0]).toMatchObject({ status: 'waiting', place: 1 });

    // The single declines: one seat again, and nobody waiting fits it; it is held for nobody.
    await ok(decline(single, at));
    expect(await offersOn(at)).toEqual([]);
    expect(await slotAt(at)).toEqual({ booked: 3, held: 0, capacity: 4 });

    // Two more free (3 in all): still too few for the 4, so the party of 2 gets two of them,
    // whole, and the third stays free: nobody waiting fits in one.
    await giveBack(seated.slice(1, 3), at);
    expect(await offersOn(at)).toEqual([{ userId: party2.id, seats: 2 }]);
    expect(await slotAt(at)).toEqual({ booked: 1, held: 2, capacity: 4 });
    // The job's pass finds nothing to do beside a free seat no place fits.
    expect(await settleOffers()).toEqual({ lapsed: 0, cleared: 0 });
    expect(await offersOn(at)).toEqual([{ userId: party2.id, seats: 2 }]);

    // The 2 decline: the block goes back whole; with the last seat freed, the 4 fit, first.
    await ok(decline(party2, at));
    expect(await offersOn(at)).toEqual([]);
    await giveBack(seated.slice(3), at);
    expect(await offersOn(at)).toEqual([{ userId: party4.id, seats: 4 }]);
    expect(await slotAt(at)).toEqual({ booked: 0, held: 4, capacity: 4 });
    const [offer] = await mine(party4);
    expect(offer).toMatchObject({ status: 'offered', seats: 4, place: null });
  });

  it('keeps the line’s order when the first in line fits; the job’s pass uses the same rule', async () => {
    const at = AT('15:30');
    await fullGame(at, 1);
    const [party2, single] = (await playersWith(20, 2)) as [Player, Player];
    await lineUp(
      [
        [party2, 2],
        [single, 1],
      ],
      at,
    );
    const capacity = (seats: number) =>
      db()
        .update(eventSlots)
        .set({ capacity: seats })
        .where(eq(eventSlots.startsAt, new Date(at)));
    // Two seats appear without an offer of their own (as a day unblocked): the job's pass
    // offers both to the party first in line; the single behind it waits for the next.
    await capacity(3);
    expect(await settleOffers()).toEqual({ lapsed: 0, cleared: 0 });
    expect(await offersOn(at)).toEqual([{ userId: party2.id, seats: 2 }]);
    expect((await mine(single))[0]).toMatchObject({ status: 'waiting', place: 1 });
    await capacity(4);
    await settleOffers();
    expect(await offersOn(at)).toEqual([
      { userId: party2.id, seats: 2 },
      { userId: single.id, seats: 1 },
    ]);
    expect(await slotAt(at)).toEqual({ booked: 1, held: 3, capacity: 4 });
  });

  it('accepting a party’s offer books the whole party, with its invites and a debit per seat', async () => {
    const at = AT('16:00');
    const seated = await fullGame(at, 4);
    const [leader] = (await playersWith(11, 1)) as [Player];
    await lineUp([[leader, 3]], at);
    expect(await balanceOf(leader.id)).toBe(11);
    await giveBack(seated.slice(0, 3), at);
    expect(await slotAt(at)).toEqual({ booked: 1, held: 3, capacity: 4 });
    const [offerMail] = await openedMails(t, leader.email);
    expect(offerMail?.subject).toMatch(/^3 seats are free for your party/);
    expect(offerMail?.textBody).toContain('Sign in to accept them (6 credits');

    const answer = jsonOf<WaitlistAcceptResponse>(await ok(accept(leader, at)));
    expect(answer.credits).toBe(11 - 3 * GAME_COST_CREDITS);
    expect(await balanceOf(leader.id)).toBe(5);
    expect(await slotAt(at)).toEqual({ booked: 4, held: 0, capacity: 4 });
    expect(answer.party?.leading).toBe(true);
    expect(answer.party?.seats.map((seat) => seat.state)).toEqual(['leader', 'open', 'open']);
    expect(answer.party?.seats[0]).toMatchObject({ seatId: answer.registrationId, you: true });
    const invites = (answer.party?.seats ?? []).flatMap((seat) =>
      seat.invite === null ? [] : [seat.invite],
    );
    expect(invites).toHaveLength(2);

    // The leader's seat came from the waitlist, with the party; the guests' seats are open.
    const [own] = await db()
      .select({ source: registrations.source, partyId: registrations.partyId })
      .from(registrations)
      .where(eq(registrations.id, answer.registrationId));
    expect(own).toEqual({ source: 'waitlist', partyId: answer.party?.partyId });
    const open = await db()
      .select({ id: partySeats.id })
      .from(partySeats)
      .where(eq(partySeats.partyId, answer.party?.partyId ?? ''));
    expect(open).toHaveLength(2);
    // One debit of the game's cost per seat, each naming its seat.
    const debits = await db()
      .select({ delta: creditLedger.delta, refId: creditLedger.refId })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, leader.id), eq(creditLedger.reason, 'book')));
    expect(debits.map((debit) => debit.delta)).toEqual([-2, -2, -2]);
    expect(new Set(debits.map((debit) => debit.refId))).toEqual(
      new Set([answer.registrationId, ...open.map((seat) => seat.id)]),
    );
    // The confirmation carries every invite, as a party booking's does.
    const [confirmation] = await openedMails(t, leader.email);
    for (const invite of invites) {
      expect(confirmation?.textBody).toContain(`${t.env.publicOrigin}/invite#${invite}`);
    }
    expect(await mine(leader)).toEqual([]);
  });

  it('refuses a party’s accept without every seat’s cost, and the hold runs on', async () => {
    const at = AT('16:30');
    const seated = await fullGame(at, 2);
    const [leader] = (await playersWith(4, 1)) as [Player];
    await lineUp([[leader, 2]], at);
    await giveBack(seated, at);
    expect(await offersOn(at)).toEqual([{ userId: leader.id, seats: 2 }]);
    // Spent on another game after the offer: 2 credits left, 4 needed.
    await ok(postJson(t.app, 'eventsRegister', { EventTime: AT('18:00') }, as(leader)));
    expect(await balanceOf(leader.id)).toBe(2);
    const refused = await accept(leader, at);
    expect(refused.statusCode).toBe(409);
    expect(jsonOf(refused)).toEqual(refusal('PARTY_NOT_ENOUGH_CREDITS'));
    expect(await offersOn(at)).toEqual([{ userId: leader.id, seats: 2 }]);
    expect(await slotAt(at)).toEqual({ booked: 0, held: 2, capacity: 2 });
  });

  it('a lapsed party offer passes its block on whole, to the next place that fits', async () => {
    const at = AT('17:00');
    const seated = await fullGame(at, 3);
    const [first, single1, single2, second] = (await playersWith(20, 4)) as [
      Player,
      Player,
      Player,
      Player,
    ];
    await lineUp([[first, 3]], at);
    await giveBack(seated, at);
    expect(await offersOn(at)).toEqual([{ userId: first.id, seats: 3 }]);
    await lineUp(
      [
        [second, 3],
        [single1, 1],
        [single2, 1],
      ],
      at,
    );
    clock.advance(15 * MINUTE);
    expect(await settleOffers()).toEqual({ lapsed: 1, cleared: 0 });
    // The 3 seats go whole to the party of 3 behind it, not split among the singles.
    expect(await offersOn(at)).toEqual([{ userId: second.id, seats: 3 }]);
    expect(await slotAt(at)).toEqual({ booked: 0, held: 3, capacity: 3 });
    // Declined, the block is shared by the singles that fit, one seat each; one stays free.
    await ok(decline(second, at));
    expect(await offersOn(at)).toEqual([
      { userId: single1.id, seats: 1 },
      { userId: single2.id, seats: 1 },
    ]);
    expect(await slotAt(at)).toEqual({ booked: 0, held: 2, capacity: 3 });
  });

  it('joins a party only with every seat’s cost in hand, and refuses a size out of range', async () => {
    const at = AT('17:30');
    await fullGame(at, 1);
    const [player] = (await playersWith(7, 1)) as [Player];
    const short = await join(player, at, 4);
    expect(short.statusCode).toBe(409);
    expect(jsonOf(short)).toEqual(
      refusal(
        'WAITLIST_NOT_ENOUGH_CREDITS',
        'Not Enough Credits: a party of 4 needs 8 credits (2 a seat) to join the waitlist.',
      ),
    );
    for (const seats of [0, 7, 2.5, '3']) {
      const bad = await postJson(t.app, 'waitlistJoin', { EventTime: at, seats }, as(player));
      expect(bad.statusCode, bad.body).toBe(400);
      expect(jsonOf<{ message: string }>(bad).message).toBe('Choose from 1 to 6 seats.');
    }
    expect(await mine(player)).toEqual([]);
    // 3 seats cost 6: in hand, so the place is made, for 3.
    const joined = jsonOf<WaitlistState>(await ok(join(player, at, 3))).entries;
    expect(joined).toEqual([
      expect.objectContaining<Partial<WaitlistEntry>>({ status: 'waiting', seats: 3, place: 1 }),
    ]);
    // Joining again answers the same place, its size as first asked.
    expect(jsonOf<WaitlistState>(await ok(join(player, at, 1))).entries).toEqual(joined);
  });
});
