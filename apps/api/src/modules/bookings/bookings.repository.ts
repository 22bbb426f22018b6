/** Game slots and the seats players hold on them (registrations): the bookings module's SQL. */
import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor, type Transaction } from '../../db/client';
import { keyset, type KeysetPage } from '../../db/keyset';
import { dateOf, timestamp } from '../../db/sql-text';
import { relation, step, withSteps, type PostingSteps, type Step } from '../../db/steps';
import {
  eventSlots,
  parties,
  partySeats,
  registrations,
  waitlistEntries,
  type REGISTRATION_SOURCES,
} from '../../db/schema/bookings';
import { playerNames } from '../../db/schema/views';

export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

export type NewSlot = {
  startsAt: Date;
  lengthMinutes: number;
  capacity: number;
  accessCodeHash: string;
  accessCodeSealed: string;
};

/**
 * Creates the slots that do not exist yet (the start is unique); existing ones are untouched.
 * How many it created.
 */
export async function insertSlots(db: Executor, rows: NewSlot[]): Promise<number> {
  if (rows.length === 0) return 0;
  const created = await db
    .insert(eventSlots)
    .values(rows)
    .onConflictDoNothing({ target: eventSlots.startsAt })
    .returning({ id: eventSlots.id });
  return created.length;
}

/** Slots made before slots had access codes (ids only). */
export async function slotsWithoutAccessCode(db: Executor): Promise<{ id: string }[]> {
  return db.select({ id: eventSlots.id }).from(eventSlots).where(isNull(eventSlots.accessCodeHash));
}

export const slotColumns = {
  id: eventSlots.id,
  startsAt: eventSlots.startsAt,
  lengthMinutes: eventSlots.lengthMinutes,
  capacity: eventSlots.capacity,
  booked: eventSlots.booked,
  held: eventSlots.held,
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
 * The slots starting in [from, to) and after `now` that an operator closed with a reason, with
 * it, earliest first (the booking modal's 'Closed: <reason>').
 */
export async function listClosedSlots(db: Executor, range: { from: Date; to: Date; now: Date }) {
  return db
    .select({ startsAt: eventSlots.startsAt, reason: eventSlots.closedReason })
    .from(eventSlots)
    .where(
      and(
        gte(eventSlots.startsAt, range.from),
        lt(eventSlots.startsAt, range.to),
        gt(eventSlots.startsAt, range.now),
        eq(eventSlots.enabled, false),
        isNotNull(eventSlots.closedReason),
      ),
    )
    .orderBy(asc(eventSlots.startsAt));
}

/** The seats on the slots starting in [from, to), with their players' names, in seat order. */
export async function listSeats(db: Executor, range: { from: Date; to: Date }) {
  return db
    .select({
      slotId: registrations.slotId,
      userId: registrations.userId,
      username: playerNames.username,
      source: registrations.source,
      at: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .innerJoin(playerNames, eq(playerNames.userId, registrations.userId))
    .where(and(gte(eventSlots.startsAt, range.from), lt(eventSlots.startsAt, range.to)))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}
export type SeatRow = Awaited<ReturnType<typeof listSeats>>[number];

/** When the slot's game ends. */
const endsAt = sql`${eventSlots.startsAt} + ${eventSlots.lengthMinutes} * interval '1 minute'`;

/** A slot an operator changed, with its capacity and whether it was open before the change. */
export type ChangedSlot = SlotRow & { capacityBefore: number; enabledBefore: boolean };

/**
 * Changes a slot's capacity (never below its seats taken) or opens or closes it, while its game
 * has not ended by `now`; undefined when no slot starts then, its game has ended or the
 * capacity is below the seats taken. The row joined to itself gives its values as the
 * statement found them, before the change (for the audit log).
 */
export async function updateSlot(
  db: Executor,
  startsAt: Date,
  change: { capacity: number } | { enabled: boolean; closedReason: string | null },
  now: Date,
): Promise<ChangedSlot | undefined> {
  const previous = alias(eventSlots, 'previous');
  const [row] = await db
    .update(eventSlots)
    .set(change)
    .from(previous)
    .where(
      and(
        eq(previous.id, eventSlots.id),
        eq(eventSlots.startsAt, startsAt),
        sql`${endsAt} > ${now.toISOString()}::timestamptz`,
        // Seats held for waitlist offers are taken too.
        'capacity' in change
          ? sql`${eventSlots.booked} + ${eventSlots.held} <= ${change.capacity}`
          : undefined,
      ),
    )
    .returning({
      ...slotColumns,
      capacityBefore: previous.capacity,
      enabledBefore: previous.enabled,
    });
  return row;
}

/** The slots of a day still ahead: starting in [from, to) and after `after`. */
type FutureSlots = { from: Date; to: Date; after: Date };

const inFuture = (range: FutureSlots) =>
  and(
    gte(eventSlots.startsAt, range.from),
    lt(eventSlots.startsAt, range.to),
    gt(eventSlots.startsAt, range.after),
  );

/** A slot nobody has booked, nor holds a place or an offered seat on (its waitlist, ADR 0034). */
const unused = sql`(${eventSlots.booked} = 0 and ${eventSlots.held} = 0 and not exists (select 1 from ${waitlistEntries} where ${waitlistEntries.slotId} = ${eventSlots.id}))`;

/**
 * Deletes the slots of the range that start at none of `keep` and that nobody has booked (nor
 * waits on), and closes those players hold seats or places on (they stay for them); how many
 * went, and how many stay.
 */
export async function removeEmptySlots(db: Executor, range: FutureSlots, keep: Date[]) {
  const outside = and(
    inFuture(range),
    keep.length === 0 ? undefined : notInArray(eventSlots.startsAt, keep),
  );
  const removed = await db
    .delete(eventSlots)
    .where(and(outside, unused))
    .returning({ id: eventSlots.id });
  const kept = await db
    .update(eventSlots)
    .set({ enabled: false })
    .where(and(outside, not(unused)))
    .returning({ id: eventSlots.id });
  return { removed: removed.length, kept: kept.length };
}

/** Gives the range's slots nobody has booked `capacity` seats. */
export async function setEmptySlotsCapacity(db: Executor, range: FutureSlots, capacity: number) {
  await db
    .update(eventSlots)
    .set({ capacity })
    .where(
      and(
        inFuture(range),
        eq(eventSlots.booked, 0),
        eq(eventSlots.held, 0),
        ne(eventSlots.capacity, capacity),
      ),
    );
}

/** Opens or closes every slot of the range; how many changed, and the seats held on them. */
export async function setSlotsOpen(db: Executor, range: FutureSlots, open: boolean) {
  const changed = await db
    .update(eventSlots)
    // A day's closure gives its reason for the day (the settings'), none for each slot.
    .set({ enabled: open, closedReason: null })
    .where(and(inFuture(range), ne(eventSlots.enabled, open)))
    .returning({ booked: eventSlots.booked });
  return { slots: changed.length, seats: changed.reduce((sum, slot) => sum + slot.booked, 0) };
}

/** The slot a seat is asked for: by its start (booking) or its access code's HMAC (joining). */
export type SlotTarget = { startsAt: Date } | { accessCodeHash: string };
type SlotKey = { id: string } | SlotTarget;

const slotKey = (key: SlotKey) =>
  'id' in key
    ? eq(eventSlots.id, key.id)
    : 'startsAt' in key
      ? eq(eventSlots.startsAt, key.startsAt)
      : eq(eventSlots.accessCodeHash, key.accessCodeHash);

/** A slot by its id, its start, or the HMAC of its access code. */
export async function findSlot(db: Executor, key: SlotKey): Promise<SlotRow | undefined> {
  const [row] = await db.select(slotColumns).from(eventSlots).where(slotKey(key)).limit(1);
  return row;
}

/** When a seat may be taken: before the start (booking), or while the game runs (joining). */
export type SeatWindow = 'before-start' | 'while-live';

/** Gives a slot without one its access code. */
export async function setAccessCode(
  db: Executor,
  slotId: string,
  code: { accessCodeHash: string; accessCodeSealed: string },
): Promise<void> {
  await db
    .update(eventSlots)
    .set(code)
    .where(and(eq(eventSlots.id, slotId), isNull(eventSlots.accessCodeHash)));
}

/** A slot and the registration of one player on it (null: none). */
export type PlayerSlot = SlotRow & { registrationId: string | null };

/**
 * A booking's statements are SQL text (ADR 0037): building them with Drizzle's query builder
 * took a fifth of a booking's CPU. The slot's columns as `slotColumns` names them; a row is
 * made a SlotRow by slotRowOf.
 */
const SLOT_RETURNING = sql.raw(
  `event_slots.id, event_slots.starts_at as "startsAt", event_slots.length_minutes as "lengthMinutes",
   event_slots.capacity, event_slots.booked, event_slots.held, event_slots.enabled,
   event_slots.access_code_sealed as "accessCodeSealed"`,
);
type RawSlot = Omit<SlotRow, 'startsAt'> & { startsAt: string | Date };
const slotRowOf = <T extends RawSlot>(row: T) => ({ ...row, startsAt: dateOf(row.startsAt) });

const slotTarget = (key: SlotTarget) =>
  'startsAt' in key
    ? sql`event_slots.starts_at = ${timestamp(key.startsAt)}`
    : sql`event_slots.access_code_hash = ${key.accessCodeHash}`;

/** A slot (as findSlot) and the registration of `userId` on it (null: none), in one read. */
export async function findSlotFor(
  db: Executor,
  key: SlotTarget,
  userId: string,
): Promise<PlayerSlot | undefined> {
  const [row] = await queryRows<RawSlot & { registrationId: string | null }>(
    db,
    sql`select ${SLOT_RETURNING}, registrations.id as "registrationId"
        from event_slots left join registrations
          on registrations.slot_id = event_slots.id and registrations.user_id = ${userId}
        where ${slotTarget(key)} limit 1`,
  );
  return row === undefined ? undefined : slotRowOf(row);
}

/** The seat window's condition on event_slots at `now`: before the start, or while live. */
function inSeatWindow(window: SeatWindow, now: Date) {
  return window === 'before-start'
    ? sql`event_slots.starts_at > ${timestamp(now)}`
    : sql`event_slots.starts_at <= ${timestamp(now)}
          and event_slots.starts_at + event_slots.length_minutes * interval '1 minute' > ${timestamp(now)}`;
}

/**
 * The relation of bookSeat's statement that holds its registration once written: the gate of
 * the other modules' writes in it (ADR 0040).
 */
export const SEAT_TAKEN = relation('bookings', 'registered', ['slot_id']);
/** The slot with a free seat, locked; its seat taken once the registration is written. */
const FREE = relation('bookings', 'free', ['id']);
const SEATED = relation('bookings', 'seated');

/** What a booking's other modules write with its seat, gated on SEAT_TAKEN (ADR 0040). */
export type SeatSteps = {
  /** The credits' posting (credits.charging): its `funded` row gates the seat. */
  charge: PostingSteps;
  /** The confirmation's queuing (mailer.queueing), if the seat has one. */
  mail: Step | null;
};

/**
 * Seats the player on the slot in one statement, in no transaction of its own (ADR 0040), all
 * or nothing: first the player's balance is locked (the posting's `funded`: a row only when it
 * covers the cost), then the slot's row, only if it is open, in the window and has a seat
 * neither booked nor held for a waitlist offer (FOR NO KEY UPDATE, the seat update's own lock:
 * it never waits on the key-share locks of registrations); then the registration is written
 * (one per player and slot), and on it, and only on it, the seat taken, the credits posted and
 * the mail queued. Every condition is read under its lock before the first write, and the one
 * write that can still meet a conflict (the registration) gates the rest. Of any number of
 * concurrent bookings at most the free seats match: each waits for the slot's row lock of the
 * one before, then reads its count. Undefined when no seat was taken (nothing was written).
 */
export async function bookSeat(
  db: Executor,
  row: {
    id: string;
    slotId: string;
    userId: string;
    source: RegistrationSource;
    /** The player's zone (ADR 0057), or null. */
    timeZone: string | null;
    createdAt: Date;
  },
  window: { kind: SeatWindow; now: Date },
  steps: SeatSteps,
): Promise<(SlotRow & { balanceAfter: number }) | undefined> {
  const { funded, posted, posting } = steps.charge;
  const free = step(
    FREE,
    sql`select event_slots.id from event_slots, ${funded.relation.ref}
      where event_slots.id = ${row.slotId} and event_slots.enabled
        and ${inSeatWindow(window.kind, window.now)}
        and event_slots.booked + event_slots.held < event_slots.capacity
      for no key update of event_slots`,
  );
  const registered = step(
    SEAT_TAKEN,
    sql`insert into registrations (id, slot_id, user_id, source, time_zone, created_at)
      select ${row.id}::uuid, ${FREE.columns.id}, ${row.userId}::uuid, ${row.source},
        ${row.timeZone}::text, ${timestamp(row.createdAt)}
      from ${FREE.ref}
      on conflict do nothing
      returning slot_id`,
  );
  const seatedStep = step(
    SEATED,
    sql`update event_slots set booked = event_slots.booked + 1
      from ${SEAT_TAKEN.ref} where event_slots.id = ${SEAT_TAKEN.columns.slot_id}
      returning ${SLOT_RETURNING}`,
  );
  const [seated] = await queryRows<RawSlot & { balanceAfter: number }>(
    db,
    sql`${withSteps([funded, free, registered, seatedStep, ...posted, steps.mail])}
        select ${SEATED.ref}.*, ${posting.columns.balance_after} as "balanceAfter"
        from ${SEATED.ref}, ${posting.ref}`,
  );
  return seated === undefined ? undefined : slotRowOf(seated);
}

/** The player's seat of that registration, with its game; undefined for anyone else's. */
export async function findPlayerGame(db: Executor, userId: string, registrationId: string) {
  const [row] = await db
    .select({ ...slotColumns, registrationId: registrations.id })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(and(eq(registrations.id, registrationId), eq(registrations.userId, userId)))
    .limit(1);
  return row;
}

/** The player's games that started after `since` and end after `now`, earliest first. */
export async function listLiveOrUpcoming(
  db: Executor,
  userId: string,
  window: { since: Date; now: Date },
) {
  return db
    .select({ ...slotColumns, registrationId: registrations.id })
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

/**
 * A player's seats (operators' `users show`, the console's player page) by their slot's start,
 * then the registration's id, latest first unless `page.order` is 'asc'; `split` keeps the
 * games after `now` (upcoming) or those started by then (past).
 */
export async function listPlayerBookings(
  db: Executor,
  userId: string,
  page: KeysetPage,
  split?: { upcoming: boolean; now: Date },
) {
  const { where, orderBy } = keyset(eventSlots.startsAt, registrations.id, page);
  const side =
    split === undefined
      ? undefined
      : split.upcoming
        ? gt(eventSlots.startsAt, split.now)
        : lte(eventSlots.startsAt, split.now);
  return db
    .select({
      id: registrations.id,
      startsAt: eventSlots.startsAt,
      source: registrations.source,
      bookedAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(and(eq(registrations.userId, userId), side, where))
    .orderBy(...orderBy)
    .limit(page.limit);
}
export type PlayerBooking = Awaited<ReturnType<typeof listPlayerBookings>>[number];

/**
 * Deletes the player's seats on slots starting after `now`: their registrations, and the open
 * seats of the parties they lead, which are theirs too (ADR 0065). Each seat's id and slot.
 */
export async function deleteFutureRegistrations(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<{ id: string; slotId: string }[]> {
  const ahead = tx
    .select({ id: eventSlots.id })
    .from(eventSlots)
    .where(gt(eventSlots.startsAt, now));
  const taken = await tx
    .delete(registrations)
    .where(and(eq(registrations.userId, userId), inArray(registrations.slotId, ahead)))
    .returning({ id: registrations.id, slotId: registrations.slotId });
  const led = tx.select({ id: parties.id }).from(parties).where(eq(parties.leaderId, userId));
  const open = await tx
    .delete(partySeats)
    .where(and(inArray(partySeats.partyId, led), inArray(partySeats.slotId, ahead)))
    .returning({ id: partySeats.id, slotId: partySeats.slotId });
  return [...taken, ...open];
}

/**
 * The seats back on their slots, one for each time a slot is named (seats on it deleted in this
 * transaction: a party's leader may have given up several on one game); the slots' starts.
 */
export async function freeSeats(tx: Transaction, slotIds: string[]): Promise<Date[]> {
  const seatsOf = new Map<string, number>();
  for (const slotId of slotIds) seatsOf.set(slotId, (seatsOf.get(slotId) ?? 0) + 1);
  const starts: Date[] = [];
  for (const [slotId, seats] of seatsOf) {
    const [slot] = await tx
      .update(eventSlots)
      .set({ booked: sql`${eventSlots.booked} - ${seats}` })
      .where(eq(eventSlots.id, slotId))
      .returning({ startsAt: eventSlots.startsAt });
    if (slot !== undefined) starts.push(slot.startsAt);
  }
  return starts;
}

/** The slots a report counts in [from, to): open ones, and closed ones that still have seats. */
const reportedSlots = (range: { from: Date; to: Date }) =>
  and(
    gte(eventSlots.startsAt, range.from),
    lt(eventSlots.startsAt, range.to),
    sql`(${eventSlots.enabled} or ${eventSlots.booked} > 0)`,
  );

/** Seats taken and offered per venue day (YYYY-MM-DD in `timeZone`) of [from, to). */
export function seatsByDay(db: Executor, range: { from: Date; to: Date }, timeZone: string) {
  return db
    .select({
      day: sql<string>`to_char(${eventSlots.startsAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      booked: sql<number>`sum(${eventSlots.booked})::int`,
      capacity: sql<number>`sum(${eventSlots.capacity})::int`,
    })
    .from(eventSlots)
    .where(reportedSlots(range))
    .groupBy(sql`1`);
}

/** Seats taken and offered on each slot of [from, to), earliest first. */
export function slotSeats(db: Executor, range: { from: Date; to: Date }) {
  return db
    .select({
      startsAt: eventSlots.startsAt,
      booked: eventSlots.booked,
      capacity: eventSlots.capacity,
    })
    .from(eventSlots)
    .where(reportedSlots(range))
    .orderBy(asc(eventSlots.startsAt));
}

/**
 * Records that the game first used the seat's ticket at `at`: once, a later use leaves the time
 * as it is (ADR 0059). True when this call recorded it.
 */
export async function markJoined(db: Executor, registrationId: string, at: Date) {
  const rows = await db
    .update(registrations)
    .set({ joinedGameAt: at })
    .where(and(eq(registrations.id, registrationId), isNull(registrations.joinedGameAt)))
    .returning({ id: registrations.id });
  return rows.length > 0;
}

/** A slot's seats for its roster, in seat order: player, how and when taken, when joined. */
export function rosterSeats(db: Executor, slotId: string) {
  return db
    .select({
      userId: registrations.userId,
      username: playerNames.username,
      source: registrations.source,
      at: registrations.createdAt,
      joinedAt: registrations.joinedGameAt,
    })
    .from(registrations)
    .innerJoin(playerNames, eq(playerNames.userId, registrations.userId))
    .where(eq(registrations.slotId, slotId))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

/**
 * Seats without a join per venue day (YYYY-MM-DD in `timeZone`) of [from, to), on games whose
 * no-show grace had passed by `now` (ADR 0059).
 */
export function noShowsByDay(
  db: Executor,
  range: { from: Date; to: Date },
  timeZone: string,
  grace: { minutes: number; now: Date },
) {
  const pastGrace = sql`${eventSlots.startsAt} + ${grace.minutes} * interval '1 minute' <= ${timestamp(grace.now)}`;
  return db
    .select({
      day: sql<string>`to_char(${eventSlots.startsAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      noShows: sql<number>`count(*)::int`,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(
      and(
        gte(eventSlots.startsAt, range.from),
        lt(eventSlots.startsAt, range.to),
        isNull(registrations.joinedGameAt),
        pastGrace,
      ),
    )
    .groupBy(sql`1`);
}
