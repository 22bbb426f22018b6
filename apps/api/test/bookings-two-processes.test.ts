/**
 * R2 across processes (security.md R2): two API servers, each its own process and connection
 * pool, share one Postgres database; 500 players with 2 credits book one slot at once, half
 * through each server. The seat count and the debits must hold as they do in one process,
 * because they rest on the database's row locks, not on anything a process keeps. The same
 * holds while players give seats back (ADR 0029): cancellations and bookings of one full slot
 * at once, through both servers.
 */
import { ERRORS, type AvailableTime } from '@questfield/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, eventSlots, users } from '../src/db/schema';
import { postTo } from './helpers/http';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { playersWith } from './helpers/players';
import { dbKind } from './helpers/test-app';
import { twoProcesses } from './helpers/two-processes';

const PLAYERS = 500;

describe.runIf(dbKind === 'postgres')('booking across two API processes [postgres]', () => {
  const processes = twoProcesses();

  /** `count` players with 2 credits each and a session, from addresses of their own. */
  const playersWithTwoCredits = (count: number) =>
    playersWith(processes.t, processes.services, 2, count);

  /** Tomorrow's slots (the venue's time zone: always a day of future slots). */
  async function tomorrowsSlots() {
    const { t, first } = processes;
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: t.env.venueTimezone,
    });
    return (await (
      await postTo(first, 'eventsAvailableTimes', { date: tomorrow })
    ).json()) as AvailableTime[];
  }

  const balanceOf = async (id: string) =>
    (
      await processes.t.database.handle.db
        .select({ credits: users.credits })
        .from(users)
        .where(eq(users.id, id))
    )[0]?.credits;

  it('R2: 500 players with 2 credits book one slot at once: exactly 25 seats, 50 credits', async () => {
    const { t, first, second } = processes;
    const db = t.database.handle.db;
    const players = await playersWithTwoCredits(PLAYERS);
    const eventTime = (await tomorrowsSlots())[0]?.EventTime ?? '';

    const responses = await Promise.all(
      players.map((player, index) =>
        postTo(
          index % 2 === 0 ? first : second.url,
          'eventsRegister',
          { EventTime: eventTime },
          { cookie: player.cookie },
        ),
      ),
    );
    const bodies = await Promise.all(responses.map((response) => response.text()));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(25);
    const refused = bodies.filter((_, index) => statuses[index] !== 200);
    const slotFull = JSON.stringify({ code: 'SLOT_FULL', message: ERRORS.SLOT_FULL.message });
    expect(new Set(refused)).toEqual(new Set([slotFull]));

    const [slot] = await db
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(eventTime)));
    expect(slot?.booked).toBe(25);
    const debits = await db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(
        inArray(
          creditLedger.userId,
          players.map((player) => player.id),
        ),
      );
    expect(debits.filter((row) => row.delta < 0).reduce((sum, row) => sum - row.delta, 0)).toBe(50);
    expect(hasViolations(await findInvariantViolations(db))).toBe(false);
  }, 120_000);

  it('a full slot stays exact while 10 of its players cancel and 40 others book, through both', async () => {
    const { t, first, second } = processes;
    const db = t.database.handle.db;
    const eventTime = (await tomorrowsSlots())[1]?.EventTime ?? '';
    const holders = await playersWithTwoCredits(25);
    const seats: string[] = [];
    for (const [index, holder] of holders.entries()) {
      const server = index % 2 === 0 ? first : second.url;
      const booked = await postTo(server, 'eventsRegister', { EventTime: eventTime }, holder);
      expect(booked.status).toBe(200);
      seats.push(((await booked.json()) as { registrationId: string }).registrationId);
    }
    const leaving = holders.slice(0, 10);
    const crowd = await playersWithTwoCredits(40);
    const [cancels, bookings] = await Promise.all([
      Promise.all(
        leaving.map((holder, index) =>
          postTo(
            index % 2 === 0 ? second.url : first,
            'eventsCancel',
            { registrationId: seats[index] },
            holder,
          ),
        ),
      ),
      Promise.all(
        crowd.map((player, index) =>
          postTo(
            index % 2 === 0 ? first : second.url,
            'eventsRegister',
            { EventTime: eventTime },
            player,
          ),
        ),
      ),
    ]);
    for (const answer of cancels) expect(answer.status).toBe(200);
    const slotFull = JSON.stringify({ code: 'SLOT_FULL', message: ERRORS.SLOT_FULL.message });
    const seated: string[] = [];
    for (const [index, answer] of bookings.entries()) {
      if (answer.status === 200) seated.push(crowd[index]?.id ?? '');
      else expect(await answer.text()).toBe(slotFull);
    }
    expect(seated.length).toBeLessThanOrEqual(10);
    const [slot] = await db
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.startsAt, new Date(eventTime)));
    expect(slot?.booked).toBe(15 + seated.length);
    for (const holder of leaving) expect(await balanceOf(holder.id)).toBe(2);
    for (const holder of holders.slice(10)) expect(await balanceOf(holder.id)).toBe(0);
    for (const player of crowd)
      expect(await balanceOf(player.id)).toBe(seated.includes(player.id) ? 0 : 2);
    expect(hasViolations(await findInvariantViolations(db))).toBe(false);
  }, 120_000);
});
