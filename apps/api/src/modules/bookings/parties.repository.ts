/** Parties (ADR 0065): the bookings module's SQL for party seats, claims and party views. */
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { timestamp } from '../../db/sql-text';
import { eventSlots, parties, partySeats, registrations } from '../../db/schema/bookings';
import { playerNames } from '../../db/schema/views';
import { slotColumns, type SlotRow } from './bookings.repository';

/** When the slot's game ends. */
const endsAt = sql`${eventSlots.startsAt} + ${eventSlots.lengthMinutes} * interval '1 minute'`;

/**
 * Takes `seats` seats on the slot at once, only while it is open, starts after `now` and has
 * that many free (neither booked nor held for an offer): the slot's row is locked by the update
 * and stays so to commit, as a booking's seat step holds it. The slot after it, or undefined
 * (nothing taken).
 */
export async function takeSeats(
  tx: Transaction,
  slotId: string,
  seats: number,
  now: Date,
): Promise<SlotRow | undefined> {
  const [slot] = await tx
    .update(eventSlots)
    .set({ booked: sql`${eventSlots.booked} + ${seats}` })
    .where(
      and(
        eq(eventSlots.id, slotId),
        eq(eventSlots.enabled, true),
        gt(eventSlots.startsAt, now),
        sql`${eventSlots.booked} + ${eventSlots.held} + ${seats} <= ${eventSlots.capacity}`,
      ),
    )
    .returning(slotColumns);
  return slot;
}

/** The leader's party on the slot: made, or the one made before (one per leader and slot). */
export async function upsertParty(
  tx: Transaction,
  party: { id: string; slotId: string; leaderId: string; createdAt: Date },
): Promise<string> {
  const [row] = await tx
    .insert(parties)
    .values(party)
    .onConflictDoUpdate({
      target: [parties.slotId, parties.leaderId],
      // A no-op that makes the existing row's id come back.
      set: { slotId: sql`excluded.slot_id` },
    })
    .returning({ id: parties.id });
  if (row === undefined) throw new Error('A party was neither made nor found.');
  return row.id;
}

/** A registration of a party's seat; false when the player holds a seat on the slot already. */
export async function insertSeat(
  tx: Transaction,
  row: typeof registrations.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(registrations)
    .values(row)
    .onConflictDoNothing({ target: [registrations.slotId, registrations.userId] })
    .returning({ id: registrations.id });
  return inserted.length === 1;
}

/** The party's guest seats, not claimed yet. */
export async function insertOpenSeats(tx: Transaction, rows: (typeof partySeats.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(partySeats).values(rows);
}

/** Deletes an open seat (a claim takes it); its party and slot, or undefined when not open. */
export async function deleteOpenSeat(tx: Transaction, seatId: string) {
  const [row] = await tx
    .delete(partySeats)
    .where(eq(partySeats.id, seatId))
    .returning({ partyId: partySeats.partyId, slotId: partySeats.slotId });
  return row;
}

/**
 * The game of a seat being claimed, while it is open and not over, with the party's leader;
 * its row shared to commit (FOR SHARE: claims of one game go side by side, and a closure or a
 * booking of it, which update the row, wait for them as they wait for it). Undefined when the
 * game cannot be claimed into.
 */
export async function lockClaimableGame(
  tx: Transaction,
  seat: { slotId: string; partyId: string },
  now: Date,
) {
  const [row] = await tx
    .select({ ...slotColumns, leaderId: parties.leaderId, leader: playerNames.username })
    .from(eventSlots)
    .innerJoin(parties, eq(parties.id, seat.partyId))
    .innerJoin(playerNames, eq(playerNames.userId, parties.leaderId))
    .where(
      and(
        eq(eventSlots.id, seat.slotId),
        eq(eventSlots.enabled, true),
        sql`${endsAt} > ${timestamp(now)}`,
      ),
    )
    .for('share', { of: eventSlots });
  return row;
}

/**
 * Deletes the leader's open seat when its game starts after `startsAfter` (the cut-off, or now
 * for staff); its slot, or undefined when nothing matched (not the leader's, gone, too late).
 */
export async function deleteLeadersOpenSeat(
  tx: Transaction,
  seat: { seatId: string; leaderId: string },
  startsAfter: Date,
): Promise<{ slotId: string } | undefined> {
  const [row] = await tx
    .delete(partySeats)
    .where(
      and(
        eq(partySeats.id, seat.seatId),
        inArray(
          partySeats.partyId,
          tx.select({ id: parties.id }).from(parties).where(eq(parties.leaderId, seat.leaderId)),
        ),
        inArray(
          partySeats.slotId,
          tx
            .select({ id: eventSlots.id })
            .from(eventSlots)
            .where(gt(eventSlots.startsAt, startsAfter)),
        ),
      ),
    )
    .returning({ slotId: partySeats.slotId });
  return row;
}

/** The leader's open seat and its game's start (a cancel refused: why). */
export async function findLeadersOpenSeat(db: Executor, leaderId: string, seatId: string) {
  const [row] = await db
    .select({ registrationId: partySeats.id, startsAt: eventSlots.startsAt })
    .from(partySeats)
    .innerJoin(parties, eq(parties.id, partySeats.partyId))
    .innerJoin(eventSlots, eq(eventSlots.id, partySeats.slotId))
    .where(and(eq(partySeats.id, seatId), eq(parties.leaderId, leaderId)))
    .limit(1);
  return row;
}

/**
 * What became of an invite's seat: still open (its game may be over or closed), claimed (by
 * whom), or neither (given back, or its game cancelled): the game and its leader when known.
 */
export async function inviteSeat(db: Executor, seatId: string) {
  const [open] = await db
    .select({ ...slotColumns, leader: playerNames.username, leaderId: parties.leaderId })
    .from(partySeats)
    .innerJoin(eventSlots, eq(eventSlots.id, partySeats.slotId))
    .innerJoin(parties, eq(parties.id, partySeats.partyId))
    .innerJoin(playerNames, eq(playerNames.userId, parties.leaderId))
    .where(eq(partySeats.id, seatId))
    .limit(1);
  if (open !== undefined) return { state: 'open' as const, ...open };
  const [claimed] = await db
    .select({
      ...slotColumns,
      leader: playerNames.username,
      leaderId: parties.leaderId,
      guestId: registrations.userId,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .innerJoin(parties, eq(parties.id, registrations.partyId))
    .innerJoin(playerNames, eq(playerNames.userId, parties.leaderId))
    .where(and(eq(registrations.id, seatId), eq(registrations.source, 'guest')))
    .limit(1);
  if (claimed !== undefined) return { state: 'claimed' as const, ...claimed };
  return undefined;
}

/**
 * The parties on games not ended by `now` that the player leads or holds a seat of, with the
 * game and the leader's name, earliest game first.
 */
export async function listPartiesOf(db: Executor, userId: string, now: Date) {
  const seatOfTheirs = db
    .select({ id: registrations.partyId })
    .from(registrations)
    .where(and(eq(registrations.userId, userId), isNotNull(registrations.partyId)));
  return db
    .select({
      partyId: parties.id,
      leaderId: parties.leaderId,
      leader: playerNames.username,
      startsAt: eventSlots.startsAt,
      lengthMinutes: eventSlots.lengthMinutes,
    })
    .from(parties)
    .innerJoin(eventSlots, eq(eventSlots.id, parties.slotId))
    .innerJoin(playerNames, eq(playerNames.userId, parties.leaderId))
    .where(
      and(
        or(eq(parties.leaderId, userId), inArray(parties.id, seatOfTheirs)),
        sql`${endsAt} > ${timestamp(now)}`,
      ),
    )
    .orderBy(asc(eventSlots.startsAt), asc(parties.id));
}

/** The seats of these parties: taken ones (with their player) and open ones, in booking order. */
export async function partySeatsOf(db: Executor, partyIds: string[]) {
  if (partyIds.length === 0) return { taken: [], open: [] };
  const [taken, open] = await Promise.all([
    db
      .select({
        partyId: registrations.partyId,
        seatId: registrations.id,
        userId: registrations.userId,
        username: playerNames.username,
        source: registrations.source,
      })
      .from(registrations)
      .innerJoin(playerNames, eq(playerNames.userId, registrations.userId))
      .where(inArray(registrations.partyId, partyIds))
      .orderBy(asc(registrations.createdAt), asc(registrations.id)),
    db
      .select({ partyId: partySeats.partyId, seatId: partySeats.id })
      .from(partySeats)
      .where(inArray(partySeats.partyId, partyIds))
      .orderBy(asc(partySeats.createdAt), asc(partySeats.id)),
  ]);
  return { taken, open };
}
