/** Seats given back (cancellation.service.ts): the bookings module's SQL for them. */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { eventSlots, parties, partySeats, registrations } from '../../db/schema/bookings';
import { playerNames } from '../../db/schema/views';

/**
 * Every seat held, as the paths that give seats back see them: the registrations, and a party's
 * open guest seats as seats of its leader, who paid for them and gives them back (ADR 0065).
 * `open`: nobody sits there; `guest`: a guest's claimed seat, which its leader paid for.
 */
function heldSeats(db: Executor) {
  return db
    .select({
      registrationId: registrations.id,
      userId: registrations.userId,
      slotId: registrations.slotId,
      createdAt: registrations.createdAt,
      open: sql<boolean>`false`.as('open'),
      guest: sql<boolean>`${registrations.source} = 'guest'`.as('guest'),
    })
    .from(registrations)
    .unionAll(
      db
        .select({
          registrationId: partySeats.id,
          userId: parties.leaderId,
          slotId: partySeats.slotId,
          createdAt: partySeats.createdAt,
          open: sql<boolean>`true`.as('open'),
          guest: sql<boolean>`false`.as('guest'),
        })
        .from(partySeats)
        .innerJoin(parties, eq(parties.id, partySeats.partyId)),
    )
    .as('held_seats');
}

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

/**
 * The seats a refund may give back for the players (ADR 0051): their own, a party's open seats
 * they lead included; never a guest's seat, which its leader paid for (giving it back would
 * return nothing to the guest).
 */
function refundableSeats(db: Executor) {
  const seats = heldSeats(db);
  return { seats, refundable: eq(seats.guest, false) };
}

/**
 * The player's seats on games starting after `now` a refund may give back: open party seats
 * first (nobody plays in them), then the latest game first.
 */
export async function seatsAfter(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<{ registrationId: string }[]> {
  const { seats, refundable } = refundableSeats(tx);
  return tx
    .select({ registrationId: seats.registrationId })
    .from(seats)
    .innerJoin(eventSlots, eq(eventSlots.id, seats.slotId))
    .where(and(eq(seats.userId, userId), refundable, gt(eventSlots.startsAt, now)))
    .orderBy(desc(seats.open), desc(eventSlots.startsAt), desc(seats.registrationId));
}

/**
 * Locks the rows of the games starting after `now` on which any of the players holds a seat a
 * refund may give back, in id order: a refund giving seats of several players back takes them
 * all at once, in the order every such refund takes them, so two never wait on each other
 * crosswise.
 */
export async function lockGamesOf(tx: Transaction, userIds: string[], now: Date): Promise<void> {
  const { seats, refundable } = refundableSeats(tx);
  const held = tx
    .select({ id: seats.slotId })
    .from(seats)
    .where(and(inArray(seats.userId, userIds), refundable));
  await tx
    .select({ id: eventSlots.id })
    .from(eventSlots)
    .where(and(gt(eventSlots.startsAt, now), inArray(eventSlots.id, held)))
    .orderBy(asc(eventSlots.id))
    .for('update');
}

/**
 * Every seat on these slots (a closure's), a party's open seats as its leader's, with its
 * player's name: earliest game first, in the order they were taken.
 */
export async function seatsOn(db: Executor, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  const seats = heldSeats(db);
  return db
    .select({
      registrationId: seats.registrationId,
      userId: seats.userId,
      username: playerNames.username,
      startsAt: eventSlots.startsAt,
    })
    .from(seats)
    .innerJoin(eventSlots, eq(eventSlots.id, seats.slotId))
    .innerJoin(playerNames, eq(playerNames.userId, seats.userId))
    .where(inArray(seats.slotId, slotIds))
    .orderBy(asc(eventSlots.startsAt), asc(seats.createdAt), asc(seats.registrationId));
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
 * The seats over `capacity` on the slot (its seats taken beyond it, held ones counted), with
 * their players' names: a party's open seats first (nobody plays in them; their leader's), then
 * the latest booked, latest first.
 */
export async function seatsOver(db: Executor, slotId: string, capacity: number) {
  const [slot] = await db
    .select({ taken: sql<number>`${eventSlots.booked} + ${eventSlots.held}`.mapWith(Number) })
    .from(eventSlots)
    .where(eq(eventSlots.id, slotId));
  const over = Math.min((slot?.taken ?? 0) - capacity, OVER_CAPACITY_MOST);
  if (over <= 0) return [];
  const seats = heldSeats(db);
  return db
    .select({
      registrationId: seats.registrationId,
      userId: seats.userId,
      username: playerNames.username,
    })
    .from(seats)
    .innerJoin(playerNames, eq(playerNames.userId, seats.userId))
    .where(eq(seats.slotId, slotId))
    .orderBy(desc(seats.open), desc(seats.createdAt), desc(seats.registrationId))
    .limit(over);
}

/** The most seats one slot holds (OPERATOR_LIMITS.slotCapacity). */
const OVER_CAPACITY_MOST = 1_000;
