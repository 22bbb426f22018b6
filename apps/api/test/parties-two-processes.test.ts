/**
 * Party bookings across processes (ADR 0065; security.md R2): two API servers, each its own
 * process and connection pool, share one Postgres database. What holds a party's seats together
 * rests on the database's row locks, not on anything a process keeps, so it holds across them:
 * an invite claimed by many at once seats one of them, parties and single bookings of one game
 * at once never take more than its capacity (a party all or nothing), and a claim racing its
 * leader's cancel of the same open seat ends as one or the other, never both.
 */
import {
  ERRORS,
  GAME_COST_CREDITS,
  type AvailableTime,
  type ErrorCode,
  type RegisterEventResponse,
} from '@questfield/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, eventSlots, partySeats, registrations, users } from '../src/db/schema';
import { postTo } from './helpers/http';
import { findInvariantViolations } from './helpers/invariants';
import { playersWith, type Player } from './helpers/players';
import { dbKind } from './helpers/test-app';
import { twoProcesses } from './helpers/two-processes';

const TEST_TIMEOUT_MS = 120_000;

describe.runIf(dbKind === 'postgres')('party bookings across two API processes [postgres]', () => {
  const processes = twoProcesses();
  const db = () => processes.t.database.handle.db;

  /** Each n-th request through the other process. */
  const server = (index: number) => (index % 2 === 0 ? processes.first : processes.second.url);

  const players = (credits: number, count: number) =>
    playersWith(processes.t, processes.services, credits, count);

  /** One of tomorrow's games (the venue's time zone: always a day of games ahead). */
  async function game(index: number): Promise<string> {
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: processes.t.env.venueTimezone,
    });
    const listed = await postTo(processes.first, 'eventsAvailableTimes', { date: tomorrow });
    const slot = ((await listed.json()) as AvailableTime[])[index];
    return slot?.EventTime ?? expect.fail('tomorrow has too few games');
  }

  const slotOf = async (eventTime: string) => {
    const [slot] = await db()
      .select({ id: eventSlots.id, booked: eventSlots.booked, capacity: eventSlots.capacity })
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(eventTime)));
    return slot ?? expect.fail(`no slot at ${eventTime}`);
  };

  const balances = async (of: Player[]) => {
    const ids = of.map((player) => player.id);
    const rows = await db()
      .select({ id: users.id, credits: users.credits })
      .from(users)
      .where(inArray(users.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row.credits]));
    return ids.map((id) => byId.get(id));
  };

  const refusal = (code: ErrorCode) => ({ code, message: ERRORS[code].message });

  /** A party of `seats` booked by `leader` on the game: its open seats, with their invites. */
  async function bookParty(leader: Player, eventTime: string, seats: number) {
    const answer = await postTo(
      processes.first,
      'eventsRegister',
      { EventTime: eventTime, seats },
      leader,
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const booked = (await answer.json()) as RegisterEventResponse;
    return (booked.party?.seats ?? []).flatMap((seat) =>
      seat.state === 'open' && seat.invite !== null
        ? [{ seatId: seat.seatId, invite: seat.invite, leader }]
        : [],
    );
  }

  async function expectNoViolations() {
    const violations = await findInvariantViolations(db());
    expect(Object.entries(violations).filter(([, rows]) => rows.length > 0)).toEqual([]);
  }

  it(
    '100 players claim 5 open seats at once, 20 on each invite, through both: one wins each',
    async () => {
      const eventTime = await game(0);
      const [first, second] = await players(20, 2);
      const open = [
        ...(await bookParty(first as Player, eventTime, 4)),
        ...(await bookParty(second as Player, eventTime, 3)),
      ];
      expect(open).toHaveLength(5);
      const booked = (await slotOf(eventTime)).booked;
      const guests = await players(GAME_COST_CREDITS, 100);

      const answers = await Promise.all(
        guests.map(async (guest, index) => {
          const seat = open[index % open.length]!;
          const answer = await postTo(
            server(index),
            'partiesClaim',
            { invite: seat.invite },
            guest,
          );
          return { seat, status: answer.status, body: (await answer.json()) as unknown };
        }),
      );

      const won = answers.filter((answer) => answer.status === 200);
      expect(won.map((answer) => answer.seat.seatId).sort()).toEqual(
        open.map((seat) => seat.seatId).sort(),
      );
      for (const answer of won) {
        expect(answer.body).toMatchObject({ registrationId: answer.seat.seatId, repeated: false });
      }
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(lost).toHaveLength(95);
      expect(new Set(lost.map((answer) => JSON.stringify([answer.status, answer.body])))).toEqual(
        new Set([JSON.stringify([ERRORS.INVITE_CLAIMED.status, refusal('INVITE_CLAIMED')])]),
      );
      // Claims are free: no guest's balance moved, and the seats were taken already.
      expect(new Set(await balances(guests))).toEqual(new Set([GAME_COST_CREDITS]));
      expect((await slotOf(eventTime)).booked).toBe(booked);
      expect(await balances([first as Player, second as Player])).toEqual([12, 14]);
      const guestSeats = await db()
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(
            eq(registrations.source, 'guest'),
            inArray(
              registrations.userId,
              guests.map((guest) => guest.id),
            ),
          ),
        );
      expect(guestSeats).toHaveLength(5);
      await expectNoViolations();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    '30 parties of 4 and 20 single bookings at once on 10 free seats: never past the capacity',
    async () => {
      const eventTime = await game(1);
      const slot = await slotOf(eventTime);
      await db()
        .update(eventSlots)
        .set({ capacity: slot.booked + 10 })
        .where(eq(eventSlots.id, slot.id));
      const leaders = await players(4 * GAME_COST_CREDITS, 30);
      const singles = await players(GAME_COST_CREDITS, 20);

      const [parties, bookings] = await Promise.all([
        Promise.all(
          leaders.map((leader, index) =>
            postTo(server(index), 'eventsRegister', { EventTime: eventTime, seats: 4 }, leader),
          ),
        ),
        Promise.all(
          singles.map((player, index) =>
            postTo(server(index + 1), 'eventsRegister', { EventTime: eventTime }, player),
          ),
        ),
      ]);

      const partyWon = parties.map((answer) => answer.status === 200);
      const singleWon = bookings.map((answer) => answer.status === 200);
      const partyRefusals = await Promise.all(
        parties.filter((_, index) => !partyWon[index]).map(async (answer) => answer.json()),
      );
      const singleRefusals = await Promise.all(
        bookings.filter((_, index) => !singleWon[index]).map(async (answer) => answer.json()),
      );
      for (const body of partyRefusals) {
        expect([refusal('PARTY_SEATS_NOT_FREE'), refusal('SLOT_FULL')]).toContainEqual(body);
      }
      for (const body of singleRefusals) expect(body).toEqual(refusal('SLOT_FULL'));
      const taken = 4 * partyWon.filter(Boolean).length + singleWon.filter(Boolean).length;
      // Not every single booking can win, and one refused only a full game: it ends full.
      expect(singleWon.filter(Boolean).length).toBeLessThan(singles.length);
      expect(taken).toBe(10);
      expect((await slotOf(eventTime)).booked).toBe(slot.booked + 10);
      // Every winner paid 2 credits a seat, every loser nothing.
      expect(await balances(leaders)).toEqual(
        partyWon.map((won) => (won ? 0 : 4 * GAME_COST_CREDITS)),
      );
      expect(await balances(singles)).toEqual(
        singleWon.map((won) => (won ? 0 : GAME_COST_CREDITS)),
      );
      await expectNoViolations();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'claims racing their leaders’ cancels of the same open seats: each seat one or the other',
    async () => {
      const eventTime = await game(2);
      const leaders = await players(6 * GAME_COST_CREDITS, 3);
      const open = (
        await Promise.all(leaders.map((leader) => bookParty(leader, eventTime, 6)))
      ).flat();
      expect(open).toHaveLength(15);
      const booked = (await slotOf(eventTime)).booked;
      const guests = await players(GAME_COST_CREDITS, open.length);

      const answers = await Promise.all(
        open.map(async (seat, index) => {
          const guest = guests[index]!;
          const [claim, cancel] = await Promise.all([
            postTo(server(index), 'partiesClaim', { invite: seat.invite }, guest),
            postTo(server(index + 1), 'eventsCancel', { registrationId: seat.seatId }, seat.leader),
          ]);
          return {
            seat,
            claim: { status: claim.status, body: (await claim.json()) as unknown },
            cancel: { status: cancel.status, body: (await cancel.json()) as unknown },
          };
        }),
      );

      const ids = open.map((seat) => seat.seatId);
      const [claimed, stillOpen, refunds] = await Promise.all([
        db()
          .select({ id: registrations.id, userId: registrations.userId })
          .from(registrations)
          .where(inArray(registrations.id, ids)),
        db().select({ id: partySeats.id }).from(partySeats).where(inArray(partySeats.id, ids)),
        db()
          .select({
            id: creditLedger.refId,
            userId: creditLedger.userId,
            delta: creditLedger.delta,
          })
          .from(creditLedger)
          .where(and(eq(creditLedger.refType, 'cancellation'), inArray(creditLedger.refId, ids))),
      ]);
      expect(stillOpen).toEqual([]);
      const claimedIds = new Set(claimed.map((row) => row.id));
      const refundedIds = new Set(refunds.map((row) => row.id));
      let cancelled = 0;
      for (const [index, { seat, claim, cancel }] of answers.entries()) {
        if (claimedIds.has(seat.seatId)) {
          // The claim went first: the guest holds the seat; the leader's cancel found none.
          expect({ claim: claim.status, cancel }).toEqual({
            claim: 200,
            cancel: { status: ERRORS.SEAT_NOT_FOUND.status, body: refusal('SEAT_NOT_FOUND') },
          });
          expect(claimed.find((row) => row.id === seat.seatId)?.userId).toBe(guests[index]!.id);
          expect(refundedIds.has(seat.seatId)).toBe(false);
        } else {
          // The cancel went first: the 2 credits back to the leader once; the invite ended.
          cancelled += 1;
          expect({ claim, cancel: cancel.status }).toEqual({
            claim: { status: ERRORS.INVITE_ENDED.status, body: refusal('INVITE_ENDED') },
            cancel: 200,
          });
          expect(cancel.body).toMatchObject({ refunded: GAME_COST_CREDITS, repeated: false });
          expect(refunds.filter((row) => row.id === seat.seatId)).toEqual([
            { id: seat.seatId, userId: seat.leader.id, delta: GAME_COST_CREDITS },
          ]);
        }
      }
      expect(refunds).toHaveLength(cancelled);
      expect((await slotOf(eventTime)).booked).toBe(booked - cancelled);
      const back = (leader: Player) =>
        refunds.filter((row) => row.userId === leader.id).length * GAME_COST_CREDITS;
      expect(await balances(leaders)).toEqual(leaders.map((leader) => back(leader)));
      expect(new Set(await balances(guests))).toEqual(new Set([GAME_COST_CREDITS]));
      await expectNoViolations();
    },
    TEST_TIMEOUT_MS,
  );
});
