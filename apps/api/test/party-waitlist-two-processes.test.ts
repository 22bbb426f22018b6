/**
 * The party-aware waitlist across processes (ADR 0066; security.md R2): two API servers, each
 * its own process and pool, on one Postgres database. A block of seats freed on a full game
 * while the players in its line (parties and singles) accept, decline and join, and others try
 * to book, at once through both: the game never holds more than its capacity (booked + held),
 * no party is split, and every seat taken is paid exactly once, by its leader.
 */
import { GAME_COST_CREDITS, type AvailableTime, type UserEvent } from '@questfield/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  creditLedger,
  eventSlots,
  partySeats,
  registrations,
  waitlistEntries,
} from '../src/db/schema';
import { postTo } from './helpers/http';
import { findInvariantViolations } from './helpers/invariants';
import { playersWith, type Player } from './helpers/players';
import { dbKind } from './helpers/test-app';
import { twoProcesses } from './helpers/two-processes';

const TEST_TIMEOUT_MS = 180_000;
/** The sizes of the 20 places in line, in the order they join. */
const LINE = [4, 1, 2, 1, 3, 1, 2, 6, 1, 2, 1, 5, 1, 2, 3, 1, 1, 2, 4, 1];
const CAPACITY = 12;

describe.runIf(dbKind === 'postgres')('party waitlist across two API processes [postgres]', () => {
  const processes = twoProcesses();
  const db = () => processes.t.database.handle.db;
  const server = (index: number) => (index % 2 === 0 ? processes.first : processes.second.url);
  const players = (credits: number, count: number) =>
    playersWith(processes.t, processes.services, credits, count);

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
      .select({
        id: eventSlots.id,
        booked: eventSlots.booked,
        held: eventSlots.held,
        capacity: eventSlots.capacity,
      })
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(eventTime)));
    return slot ?? expect.fail(`no slot at ${eventTime}`);
  };

  /** The players holding an offer on the slot now. */
  const offered = async (slotId: string, among: Player[]) => {
    const rows = await db()
      .select({ userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, 'offered')));
    const ids = new Set(rows.map((row) => row.userId));
    return among.filter((player) => ids.has(player.id));
  };

  it(
    'a block freed while 20 parties and singles accept, decline and join at once: never past the capacity, each seat paid once',
    async () => {
      const eventTime = await game(0);
      const slot = await slotOf(eventTime);
      await db()
        .update(eventSlots)
        .set({ capacity: slot.booked + CAPACITY })
        .where(eq(eventSlots.id, slot.id));
      const seated = await players(GAME_COST_CREDITS, CAPACITY);
      for (const player of seated) {
        const booked = await postTo(
          processes.first,
          'eventsRegister',
          { EventTime: eventTime },
          player,
        );
        expect(booked.status).toBe(200);
      }
      const line = await players(6 * GAME_COST_CREDITS, LINE.length);
      for (const [index, player] of line.entries()) {
        const joined = await postTo(
          server(index),
          'waitlistJoin',
          { EventTime: eventTime, seats: LINE[index] },
          player,
        );
        expect(joined.status, await joined.clone().text()).toBe(200);
      }
      const late = await players(6 * GAME_COST_CREDITS, 10);
      const bookers = await players(GAME_COST_CREDITS, 10);

      // A block of 8 seats appears (a raised capacity without a hook of its own, as a day
      // unblocked): a job's pass, this process's or the other's, offers it by the rule: the
      // party of 4, the single, the party of 2, the single.
      await db()
        .update(eventSlots)
        .set({ capacity: slot.booked + CAPACITY + 8 })
        .where(eq(eventSlots.id, slot.id));
      await processes.t.app.waitlistJob.runOnce();
      expect(await offered(slot.id, line)).toEqual(line.slice(0, 4));
      expect((await slotOf(eventTime)).held).toBe(8);

      // At once: 4 more seats given back (each offered as it frees), everyone in line trying
      // to accept, late players joining (half as parties) and others trying to book.
      const statuses = await Promise.all([
        ...seated.slice(0, 4).map(async (player, index) => {
          const games = (await (
            await postTo(server(index), 'eventsCheckUserEvent', { hours: 48 }, player)
          ).json()) as UserEvent[];
          const seat = games.find((one) => one.EventTime === eventTime);
          const registrationId = seat?.registrationId ?? expect.fail('not booked');
          return (await postTo(server(index + 1), 'eventsCancel', { registrationId }, player))
            .status;
        }),
        ...line.map(
          async (player, index) =>
            (await postTo(server(index), 'waitlistAccept', { EventTime: eventTime }, player))
              .status,
        ),
        ...late.map(
          async (player, index) =>
            (
              await postTo(
                server(index + 1),
                'waitlistJoin',
                { EventTime: eventTime, seats: 1 + (index % 2) },
                player,
              )
            ).status,
        ),
        ...bookers.map(
          async (player, index) =>
            (await postTo(server(index), 'eventsRegister', { EventTime: eventTime }, player))
              .status,
        ),
      ]);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      const during = await slotOf(eventTime);
      expect(during.booked + during.held).toBeLessThanOrEqual(during.capacity);

      // Then the offers standing are answered at once, every other one declined, through both.
      const standing = await offered(slot.id, [...line, ...late]);
      const answers = await Promise.all(
        standing.map(
          async (player, index) =>
            (
              await postTo(
                server(index),
                index % 2 === 0 ? 'waitlistAccept' : 'waitlistDecline',
                { EventTime: eventTime },
                player,
              )
            ).status,
        ),
      );
      expect(answers.filter((status) => status >= 500)).toEqual([]);
      // And whoever was offered the declined seats takes them.
      const next = await offered(slot.id, [...line, ...late]);
      const taken = await Promise.all(
        next.map(
          async (player, index) =>
            (await postTo(server(index), 'waitlistAccept', { EventTime: eventTime }, player))
              .status,
        ),
      );
      expect(taken.filter((status) => status !== 200)).toEqual([]);

      const after = await slotOf(eventTime);
      expect(after.booked + after.held).toBeLessThanOrEqual(after.capacity);
      // Every seat on the game now, taken or open, was paid once, by one debit naming it.
      const [seats, open] = await Promise.all([
        db()
          .select({ id: registrations.id, partyId: registrations.partyId })
          .from(registrations)
          .where(eq(registrations.slotId, slot.id)),
        db()
          .select({ id: partySeats.id, partyId: partySeats.partyId })
          .from(partySeats)
          .where(eq(partySeats.slotId, slot.id)),
      ]);
      expect(seats.length + open.length).toBe(after.booked);
      const ids = [...seats, ...open].map((seat) => seat.id);
      const debits = await db()
        .select({ refId: creditLedger.refId, delta: creditLedger.delta })
        .from(creditLedger)
        .where(and(eq(creditLedger.reason, 'book'), inArray(creditLedger.refId, ids)));
      expect(debits.map((debit) => debit.refId).sort()).toEqual([...ids].sort());
      expect(new Set(debits.map((debit) => debit.delta))).toEqual(new Set([-GAME_COST_CREDITS]));
      // No party was split: each party booked from the line has every seat its place asked for.
      const sizeOf = new Map(
        [...line, ...late].map((player, index) => [
          player.id,
          index < line.length ? LINE[index] : 1 + ((index - line.length) % 2),
        ]),
      );
      const leaders = await db()
        .select({ userId: registrations.userId, partyId: registrations.partyId })
        .from(registrations)
        .where(and(eq(registrations.slotId, slot.id), eq(registrations.source, 'waitlist')));
      for (const leader of leaders) {
        const size = sizeOf.get(leader.userId) ?? expect.fail('a seat from nobody’s place');
        const partySize =
          leader.partyId === null
            ? 1
            : [...seats, ...open].filter((seat) => seat.partyId === leader.partyId).length;
        expect(partySize).toBe(size);
      }
      // The parties offered the block were booked whole from it.
      expect(leaders.filter((leader) => leader.partyId !== null).length).toBeGreaterThanOrEqual(2);
      const violations = await findInvariantViolations(db());
      expect(Object.entries(violations).filter(([, rows]) => rows.length > 0)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
