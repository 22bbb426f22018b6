/** Seats given back (cancellation.service.ts): the bookings module's SQL for them. */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { eventSlots, registrations } from '../../db/schema/bookings';

/** A player's seat and the start of its game; undefined when the player holds no such seat. */
export async function findSeat(
  db: Executor,
  userId: string,
  seat: { registrationId: string } | { startsAt: Date },
): Promise<{ registrationId: string; startsAt: Date } | undefined> {
  const [row] = await db
    .select({ registrationId: registrations.id, startsAt: eventSlots.startsAt })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(
      and(
        eq(registrations.userId, userId),
        'registrationId' in seat
          ? eq(registrations.id, seat.registrationId)
          : eq(eventSlots.startsAt, seat.startsAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Deletes the player's registration when its game starts after `startsAfter` (the cut-off, or
 * now for operators); its slot and the zone kept with it (for the mail), or undefined when nothing matched (no such seat, not the
 * player's, given back already, or too late). The row's lock holds a concurrent cancel of the
 * same seat until this transaction ends; it then finds nothing.
 */
export async function deleteRegistration(
  tx: Transaction,
  seat: { registrationId: string; userId: string },
  startsAfter: Date,
): Promise<{ slotId: string; timeZone: string | null } | undefined> {
  const [row] = await tx
    .delete(registrations)
    .where(
      and(
        eq(registrations.id, seat.registrationId),
        eq(registrations.userId, seat.userId),
        inArray(
          registrations.slotId,
          tx
            .select({ id: eventSlots.id })
            .from(eventSlots)
            .where(gt(eventSlots.startsAt, startsAfter)),
        ),
      ),
    )
    .returning({ slotId: registrations.slotId, timeZone: registrations.timeZone });
  return row;
}

/**
 * The seat of a registration deleted in this transaction back on its slot, at once (the
 * slot's row is locked from here to commit, as a booking's seat step holds it); its start.
 */
export async function freeSeat(tx: Transaction, slotId: string): Promise<Date> {
  const [slot] = await tx
    .update(eventSlots)
    .set({ booked: sql`${eventSlots.booked} - 1` })
    .where(eq(eventSlots.id, slotId))
    .returning({ startsAt: eventSlots.startsAt });
  if (slot === undefined) throw new Error('A registration named no slot.');
  return slot.startsAt;
}

/** The player's seats on games starting after `now`, the latest game first. */
export async function seatsAfter(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<{ registrationId: string }[]> {
  return tx
    .select({ registrationId: registrations.id })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(and(eq(registrations.userId, userId), gt(eventSlots.startsAt, now)))
    .orderBy(desc(eventSlots.startsAt));
}

/**
 * Locks the rows of the games starting after `now` on which any of the players holds a seat, in
 * id order: a refund giving seats of several players back takes them all at once, in the order
 * every such refund takes them, so two never wait on each other crosswise.
 */
export async function lockGamesOf(tx: Transaction, userIds: string[], now: Date): Promise<void> {
  const held = tx
    .select({ id: registrations.slotId })
    .from(registrations)
    .where(inArray(registrations.userId, userIds));
  await tx
    .select({ id: eventSlots.id })
    .from(eventSlots)
    .where(and(gt(eventSlots.startsAt, now), inArray(eventSlots.id, held)))
    .orderBy(asc(eventSlots.id))
    .for('update');
}

/** Every seat on these slots (a closure's), earliest game first, in the order they were taken. */
export async function seatsOn(db: Executor, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      registrationId: registrations.id,
      userId: registrations.userId,
      startsAt: eventSlots.startsAt,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(inArray(registrations.slotId, slotIds))
    .orderBy(asc(eventSlots.startsAt), asc(registrations.createdAt), asc(registrations.id));
}

/**
 * Lowers the slot's capacity to `capacity`, or to its seats taken (booked and held for offers)
 * when more are taken: a capacity cut that cancels seats leaves no seat free on the way, so no
 * booking takes one and no waitlist offer is made while it gives seats back.
 */
export async function shrinkCapacity(db: Executor, slotId: string, capacity: number) {
  await db
    .update(eventSlots)
    .set({ capacity: sql`greatest(${capacity}, ${eventSlots.booked} + ${eventSlots.held})` })
    .where(and(eq(eventSlots.id, slotId), gt(eventSlots.capacity, capacity)));
}

/**
 * The seats over `capacity` on the slot (its seats taken beyond it, held ones counted): the
 * latest booked, latest first.
 */
export async function seatsOver(db: Executor, slotId: string, capacity: number) {
  const [slot] = await db
    .select({ taken: sql<number>`${eventSlots.booked} + ${eventSlots.held}`.mapWith(Number) })
    .from(eventSlots)
    .where(eq(eventSlots.id, slotId));
  const over = Math.min((slot?.taken ?? 0) - capacity, OVER_CAPACITY_MOST);
  if (over <= 0) return [];
  return db
    .select({ registrationId: registrations.id, userId: registrations.userId })
    .from(registrations)
    .where(eq(registrations.slotId, slotId))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(over);
}

/** The most seats one slot holds (OPERATOR_LIMITS.slotCapacity). */
const OVER_CAPACITY_MOST = 1_000;
