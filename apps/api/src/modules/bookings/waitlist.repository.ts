/**
 * The waitlist of full slots (waitlist.service.ts, ADR 0034): the bookings module's SQL for
 * places in line, seats offered and held, and a held seat turned into a booked one. Every
 * writer locks the slot's row before any of its waitlist entries (the lock order of the
 * module: a player's balance, a registration, the slot, its entries), so the offers of a slot
 * are made one transaction at a time, whichever process frees its seats.
 */
import { GAME_COST_CREDITS, WAITLIST } from '@questfield/contract';
import { and, asc, eq, gt, gte, inArray, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import {
  eventSlots,
  registrations,
  waitlistEntries,
  waitlistLapses,
} from '../../db/schema/bookings';
import { balances } from '../../db/schema/views';
import type { VenueDay } from '../../lib/slot-schedule';

const lockedSlotColumns = {
  id: eventSlots.id,
  startsAt: eventSlots.startsAt,
  lengthMinutes: eventSlots.lengthMinutes,
  accessCodeSealed: eventSlots.accessCodeSealed,
  capacity: eventSlots.capacity,
  booked: eventSlots.booked,
  held: eventSlots.held,
  enabled: eventSlots.enabled,
};

/** A slot as its row lock found it. */
export type LockedSlot = {
  id: string;
  startsAt: Date;
  lengthMinutes: number;
  accessCodeSealed: string | null;
  capacity: number;
  booked: number;
  held: number;
  enabled: boolean;
};

/**
 * Locks a slot's row (by its id or its start) until the transaction ends: 'update' for a change
 * of its seats or line, 'share' to read them steady while a place is added. With `skipLocked`
 * a slot another transaction holds is passed over (undefined), as is an unknown one.
 */
export async function lockSlot(
  tx: Transaction,
  key: { id: string } | { startsAt: Date },
  mode: { strength: 'update' | 'share'; skipLocked?: boolean },
): Promise<LockedSlot | undefined> {
  const [row] = await tx
    .select(lockedSlotColumns)
    .from(eventSlots)
    .where('id' in key ? eq(eventSlots.id, key.id) : eq(eventSlots.startsAt, key.startsAt))
    .for(mode.strength, mode.skipLocked === true ? { skipLocked: true } : {})
    .limit(1);
  return row;
}

/** Locks several slots' rows, in id order (so two such transactions cannot deadlock). */
export async function lockSlots(tx: Transaction, slotIds: string[]): Promise<void> {
  if (slotIds.length === 0) return;
  await tx
    .select({ id: eventSlots.id })
    .from(eventSlots)
    .where(inArray(eventSlots.id, slotIds))
    .orderBy(asc(eventSlots.id))
    .for('update');
}

const notSeated = (slotId: typeof waitlistEntries.slotId, userId: typeof waitlistEntries.userId) =>
  notExists(
    sql`(select 1 from ${registrations} where ${registrations.slotId} = ${slotId} and ${registrations.userId} = ${userId})`,
  );

/**
 * Whether the player (a user id column) let WAITLIST.lapsesToLineEnd offers lapse on `today`:
 * such a player stands behind everyone else in every line until the day ends.
 */
const sentBack = (userId: SQL | typeof waitlistEntries.userId, today: VenueDay) =>
  sql`exists (select 1 from ${waitlistLapses} l where l.user_id = ${userId} and l.day = ${today} and l.lapses >= ${WAITLIST.lapsesToLineEnd})`;

/**
 * Whether the place's player holds the cost of its seats now (read, not locked: accepting checks
 * again).
 */
const canPay = sql`exists (select 1 from ${balances} b where b.user_id = ${waitlistEntries.userId} and b.credits >= ${GAME_COST_CREDITS} * ${waitlistEntries.seats})`;

/** Whether anyone waits in the slot's line. */
export async function hasWaiting(tx: Transaction, slotId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, 'waiting')))
    .limit(1);
  return row !== undefined;
}

/**
 * How many players wait in line on each slot starting in [from, to) that has any (the console's
 * venue day), in one read: the day's slots by their start (event_slots_starts_at_key), then
 * each slot's waiting players by waitlist_entries_slot_status_created_idx.
 */
export async function countWaiting(db: Executor, range: { from: Date; to: Date }) {
  return db
    .select({ slotId: waitlistEntries.slotId, waiting: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
    .where(
      and(
        gte(eventSlots.startsAt, range.from),
        lt(eventSlots.startsAt, range.to),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .groupBy(waitlistEntries.slotId);
}

/**
 * How many offers hold a seat past `now` but no later than `by` (the console's today: offers
 * about to lapse), by waitlist_entries_offer_expires_idx, which holds offers only.
 */
export async function countOffersEnding(db: Executor, now: Date, by: Date): Promise<number> {
  const [row] = await db
    .select({ offers: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.offerExpiresAt, now),
        lte(waitlistEntries.offerExpiresAt, by),
      ),
    );
  return row?.offers ?? 0;
}

/**
 * Turns the first place waiting on the slot whose seats fit in `free` into an offer holding
 * them until `expiresAt` (ADR 0066): in the order they joined, those sent back `today` after
 * everyone else; a party larger than `free`, and players who hold a seat on it meanwhile or
 * cannot pay for their seats now, are passed over and keep their place. The player offered,
 * with the place's seats and the zone kept with it (ADR 0057); undefined when no place fits.
 * The caller holds the slot's lock and adds the seats to `held`.
 */
export async function offerNext(
  tx: Transaction,
  slotId: string,
  offer: { now: Date; today: VenueDay; expiresAt: Date; free: number },
): Promise<{ userId: string; timeZone: string | null; seats: number } | undefined> {
  const next = tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        eq(waitlistEntries.status, 'waiting'),
        lte(waitlistEntries.seats, offer.free),
        notSeated(waitlistEntries.slotId, waitlistEntries.userId),
        canPay,
      ),
    )
    .orderBy(
      sentBack(waitlistEntries.userId, offer.today),
      asc(waitlistEntries.createdAt),
      asc(waitlistEntries.id),
    )
    .limit(1)
    .for('update');
  const [offered] = await tx
    .update(waitlistEntries)
    .set({ status: 'offered', offeredAt: offer.now, offerExpiresAt: offer.expiresAt })
    .where(inArray(waitlistEntries.id, next))
    .returning({
      userId: waitlistEntries.userId,
      timeZone: waitlistEntries.timeZone,
      seats: waitlistEntries.seats,
    });
  return offered;
}

/**
 * Changes the seats a slot holds for offers by `delta` (the event_slots trigger announces it to
 * the slot's watchers, migration 0026).
 */
export async function addHeld(tx: Transaction, slotId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(eventSlots)
    .set({ held: sql`${eventSlots.held} + ${delta}` })
    .where(eq(eventSlots.id, slotId));
}

/** The player's place on the slot (locked until the transaction ends), if any. */
export async function lockEntry(tx: Transaction, slotId: string, userId: string) {
  const [row] = await tx
    .select({
      id: waitlistEntries.id,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      timeZone: waitlistEntries.timeZone,
      seats: waitlistEntries.seats,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

/** Whether the player holds a seat on the slot. */
export async function isSeated(db: Executor, slotId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.slotId, slotId), eq(registrations.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A place at the end of the slot's line, for `seats`; nothing when the player has one already. */
export async function insertEntry(
  tx: Transaction,
  entry: {
    slotId: string;
    userId: string;
    seats: number;
    timeZone: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(waitlistEntries).values(entry).onConflictDoNothing();
}

/**
 * Deletes the player's place on the slot; its status and seats (an offer's held), or undefined
 * when there was none.
 */
export async function deleteEntry(tx: Transaction, slotId: string, userId: string) {
  const [row] = await tx
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.userId, userId)))
    .returning({ status: waitlistEntries.status, seats: waitlistEntries.seats });
  return row;
}

/**
 * The held seat of an offer becomes the player's: the registration (source 'waitlist') is
 * written and the slot's seat moves from held to booked, in one statement. Undefined when the
 * player holds a seat on the slot already (nothing written).
 */
export async function seatFromHold(
  tx: Transaction,
  slotId: string,
  row: { id: string; userId: string; timeZone: string | null; createdAt: Date },
): Promise<{ slotId: string } | undefined> {
  const registered = tx.$with('registered').as(
    tx
      .insert(registrations)
      .values({ ...row, slotId, source: 'waitlist' })
      .onConflictDoNothing()
      .returning({ slotId: registrations.slotId }),
  );
  const [moved] = await tx
    .with(registered)
    .update(eventSlots)
    .set({ booked: sql`${eventSlots.booked} + 1`, held: sql`${eventSlots.held} - 1` })
    .from(registered)
    .where(and(eq(eventSlots.id, registered.slotId), gt(eventSlots.held, 0)))
    .returning({ slotId: eventSlots.id });
  return moved;
}

/**
 * Deletes the slot's offers whose hold ended by `now`; the players whose offers lapsed, and the
 * seats those offers held.
 */
export async function deleteLapsedOffers(
  tx: Transaction,
  slotId: string,
  now: Date,
): Promise<{ userIds: string[]; seats: number }> {
  const rows = await tx
    .delete(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        eq(waitlistEntries.status, 'offered'),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )
    .returning({ userId: waitlistEntries.userId, seats: waitlistEntries.seats });
  return {
    userIds: rows.map((row) => row.userId),
    seats: rows.reduce((sum, row) => sum + row.seats, 0),
  };
}

/**
 * Counts a lapsed offer of each of these players on `today` (rows written in id order), and
 * drops their counts of earlier days, which no longer matter: a player keeps one row at most.
 */
export async function recordLapses(
  tx: Transaction,
  userIds: string[],
  today: VenueDay,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .delete(waitlistLapses)
    .where(and(inArray(waitlistLapses.userId, userIds), lt(waitlistLapses.day, today)));
  await tx
    .insert(waitlistLapses)
    .values([...userIds].sort().map((userId) => ({ userId, day: today, lapses: 1 })))
    .onConflictDoUpdate({
      target: [waitlistLapses.userId, waitlistLapses.day],
      set: { lapses: sql`${waitlistLapses.lapses} + 1` },
    });
}

/** Deletes the players still waiting on a slot whose line has closed; how many. */
export async function deleteWaiting(tx: Transaction, slotId: string): Promise<number> {
  const rows = await tx
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/**
 * A party's held seats become booked (its offer accepted, ADR 0066): the slot's `seats` move from
 * held to booked; the party writer then writes the leader's registration and the open seats.
 * False when the slot holds fewer (nothing moved).
 */
export async function bookHeldSeats(
  tx: Transaction,
  slotId: string,
  seats: number,
): Promise<boolean> {
  const moved = await tx
    .update(eventSlots)
    .set({
      booked: sql`${eventSlots.booked} + ${seats}`,
      held: sql`${eventSlots.held} - ${seats}`,
    })
    .where(and(eq(eventSlots.id, slotId), gte(eventSlots.held, seats)))
    .returning({ id: eventSlots.id });
  return moved.length === 1;
}

/**
 * Slots with something for the waitlist job (at most `limit`): an offer whose hold ended by
 * `now`, players still waiting once the line has closed (the start is `closesAt` or sooner), or
 * a place waiting on an open slot whose seats are neither booked nor held (freed by a change
 * that made no offer itself, such as a day unblocked; a party that does not fit is not
 * something to settle, ADR 0066).
 */
export async function slotsToSettle(
  db: Executor,
  at: { now: Date; closesAt: Date },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
    .where(
      sql`(${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} <= ${at.now.toISOString()}::timestamptz) or (${waitlistEntries.status} = 'waiting' and (${eventSlots.startsAt} <= ${at.closesAt.toISOString()}::timestamptz or (${eventSlots.enabled} and ${eventSlots.booked} + ${eventSlots.held} + ${waitlistEntries.seats} <= ${eventSlots.capacity})))`,
    )
    .limit(limit);
  return rows.map((row) => row.slotId);
}

/** The slots the player has a place on (offered or waiting), any time. */
export async function entrySlotsOf(tx: Transaction, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.userId, userId));
  return rows.map((row) => row.slotId);
}

/** Deletes every place of the player; the slot, status and seats of each. */
export async function deleteEntriesOf(tx: Transaction, userId: string) {
  return tx.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId)).returning({
    slotId: waitlistEntries.slotId,
    status: waitlistEntries.status,
    seats: waitlistEntries.seats,
  });
}

/**
 * The player's places on slots starting after `now`, soonest first, each with its place in
 * line while waiting (1 + the players waiting ahead of it in offerNext's order; offers are not
 * in line).
 */
export async function listEntriesOf(db: Executor, userId: string, now: Date, today: VenueDay) {
  const ahead = sql<number>`(select count(*)::int from ${waitlistEntries} w where w.slot_id = ${waitlistEntries.slotId} and w.status = 'waiting' and (${sentBack(sql`w.user_id`, today)}, w.created_at, w.id) < (${sentBack(waitlistEntries.userId, today)}, ${waitlistEntries.createdAt}, ${waitlistEntries.id}))`;
  return db
    .select({
      startsAt: eventSlots.startsAt,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      seats: waitlistEntries.seats,
      ahead,
    })
    .from(waitlistEntries)
    .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        gt(eventSlots.startsAt, now),
        notSeated(waitlistEntries.slotId, waitlistEntries.userId),
      ),
    )
    .orderBy(asc(eventSlots.startsAt));
}

/**
 * Deletes every place on the slot (a closure's), waiting or offered; each player, status, seats
 * and the zone kept with the place.
 */
export async function deleteEntriesOn(tx: Transaction, slotId: string) {
  return tx.delete(waitlistEntries).where(eq(waitlistEntries.slotId, slotId)).returning({
    userId: waitlistEntries.userId,
    status: waitlistEntries.status,
    seats: waitlistEntries.seats,
    timeZone: waitlistEntries.timeZone,
  });
}

/** Players in the lines of these slots, waiting or offered a seat (a closure's preview). */
export async function countPlaces(db: Executor, slotIds: string[]): Promise<number> {
  if (slotIds.length === 0) return 0;
  const [row] = await db
    .select({ places: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.slotId, slotIds));
  return row?.places ?? 0;
}
