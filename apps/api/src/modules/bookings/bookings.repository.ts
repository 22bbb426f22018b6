/** Game slots and the seats players hold on them (registrations): the bookings module's SQL. */
import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { eventSlots, registrations, type REGISTRATION_SOURCES } from '../../db/schema';

export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

/** Creates the slots that do not exist yet (the start is unique); existing ones are untouched. */
export async function insertSlots(
  db: Executor,
  starts: Date[],
  shape: { lengthMinutes: number; capacity: number },
): Promise<void> {
  if (starts.length === 0) return;
  await db
    .insert(eventSlots)
    .values(starts.map((startsAt) => ({ startsAt, ...shape })))
    .onConflictDoNothing({ target: eventSlots.startsAt });
}

const slotColumns = {
  id: eventSlots.id,
  startsAt: eventSlots.startsAt,
  lengthMinutes: eventSlots.lengthMinutes,
  capacity: eventSlots.capacity,
  booked: eventSlots.booked,
  enabled: eventSlots.enabled,
  accessCodeSealed: eventSlots.accessCodeSealed,
};

/** Open slots starting in [from, to) and after `now`, earliest first. */
export async function listOpenSlots(db: Executor, range: { from: Date; to: Date; now: Date }) {
  return db
    .select(slotColumns)
    .from(eventSlots)
    .where(
      and(
        gte(eventSlots.startsAt, range.from),
        lt(eventSlots.startsAt, range.to),
        gt(eventSlots.startsAt, range.now),
        eq(eventSlots.enabled, true),
      ),
    )
    .orderBy(asc(eventSlots.startsAt));
}
export type SlotRow = Awaited<ReturnType<typeof listOpenSlots>>[number];

/** Every slot starting in [from, to), open or not, past or not (operators), earliest first. */
export async function listSlots(db: Executor, range: { from: Date; to: Date }) {
  return db
    .select(slotColumns)
    .from(eventSlots)
    .where(and(gte(eventSlots.startsAt, range.from), lt(eventSlots.startsAt, range.to)))
    .orderBy(asc(eventSlots.startsAt));
}

/**
 * Changes a slot's capacity (never below its seats taken) or closes it; undefined when no slot
 * starts then or the capacity is below the seats taken.
 */
export async function updateSlot(
  db: Executor,
  startsAt: Date,
  change: { capacity: number } | { enabled: false },
): Promise<SlotRow | undefined> {
  const [row] = await db
    .update(eventSlots)
    .set(change)
    .where(
      and(
        eq(eventSlots.startsAt, startsAt),
        'capacity' in change ? sql`${eventSlots.booked} <= ${change.capacity}` : undefined,
      ),
    )
    .returning(slotColumns);
  return row;
}

/** A slot by its id, its start, or the HMAC of its access code. */
export async function findSlot(
  db: Executor,
  key: { id: string } | { startsAt: Date } | { accessCodeHash: string },
): Promise<SlotRow | undefined> {
  const where =
    'id' in key
      ? eq(eventSlots.id, key.id)
      : 'startsAt' in key
        ? eq(eventSlots.startsAt, key.startsAt)
        : eq(eventSlots.accessCodeHash, key.accessCodeHash);
  const [row] = await db.select(slotColumns).from(eventSlots).where(where).limit(1);
  return row;
}

/** When a seat may be taken: before the start (booking), or while the game runs (joining). */
export type SeatWindow = 'before-start' | 'while-live';

const endsAt = sql`${eventSlots.startsAt} + ${eventSlots.lengthMinutes} * interval '1 minute'`;

function inWindow(window: SeatWindow, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return window === 'before-start'
    ? sql`${eventSlots.startsAt} > ${at}`
    : sql`${eventSlots.startsAt} <= ${at} and ${endsAt} > ${at}`;
}

/**
 * Takes a seat if the slot is open, in its window and not full: one statement, so of any number
 * of concurrent bookings at most `capacity` match (each waits for the row lock of the one
 * before, then sees its count). Undefined when no seat was taken.
 */
export async function takeSeat(
  tx: Transaction,
  slotId: string,
  window: { kind: SeatWindow; now: Date },
): Promise<SlotRow | undefined> {
  const [row] = await tx
    .update(eventSlots)
    .set({ booked: sql`${eventSlots.booked} + 1` })
    .where(
      and(
        eq(eventSlots.id, slotId),
        eq(eventSlots.enabled, true),
        inWindow(window.kind, window.now),
        lt(eventSlots.booked, eventSlots.capacity),
      ),
    )
    .returning(slotColumns);
  return row;
}

/** Gives the slot its access code unless it has one; the slot's code either way (sealed). */
export async function setAccessCode(
  tx: Transaction,
  slotId: string,
  code: { hash: string; sealed: string },
): Promise<string> {
  await tx
    .update(eventSlots)
    .set({ accessCodeHash: code.hash, accessCodeSealed: code.sealed })
    .where(and(eq(eventSlots.id, slotId), isNull(eventSlots.accessCodeHash)));
  const [row] = await tx
    .select({ sealed: eventSlots.accessCodeSealed })
    .from(eventSlots)
    .where(eq(eventSlots.id, slotId));
  if (!row?.sealed) throw new Error('The slot has no access code after setting one.');
  return row.sealed;
}

export async function findRegistration(db: Executor, slotId: string, userId: string) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.slotId, slotId), eq(registrations.userId, userId)))
    .limit(1);
  return row;
}

export async function insertRegistration(
  tx: Transaction,
  row: { id: string; slotId: string; userId: string; source: RegistrationSource; createdAt: Date },
): Promise<void> {
  await tx.insert(registrations).values(row);
}

/** The player's games that started after `since` and end after `now`, earliest first. */
export async function listLiveOrUpcoming(
  db: Executor,
  userId: string,
  window: { since: Date; now: Date },
) {
  return db
    .select(slotColumns)
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(
      and(
        eq(registrations.userId, userId),
        gt(eventSlots.startsAt, window.since),
        sql`${endsAt} > ${window.now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(eventSlots.startsAt));
}

/** A player's bookings, latest slot first (operators' `users show`). */
export async function listPlayerBookings(db: Executor, userId: string, limit: number) {
  return db
    .select({
      startsAt: eventSlots.startsAt,
      source: registrations.source,
      bookedAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(eq(registrations.userId, userId))
    .orderBy(desc(eventSlots.startsAt))
    .limit(limit);
}
export type PlayerBooking = Awaited<ReturnType<typeof listPlayerBookings>>[number];
