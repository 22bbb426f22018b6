/**
 * The bookings module's tables: slots and the seats players hold on them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz, createdAt, id, oneOf } from './columns';

/**
 * How a seat was taken; `staff`: booked for the player by staff (`seats book`, ADR 0059);
 * `guest`: a party's guest seat claimed through its invite (ADR 0065).
 */
export const REGISTRATION_SOURCES = [
  'booking',
  'access_code',
  'waitlist',
  'staff',
  'guest',
] as const;
export const REMINDER_KINDS = ['day', 'hour'] as const;
export const WAITLIST_STATUSES = ['waiting', 'offered'] as const;

export const eventSlots = pgTable(
  'event_slots',
  {
    id: id(),
    startsAt: timestamptz('starts_at').notNull(),
    lengthMinutes: integer('length_minutes').notNull().default(30),
    capacity: integer('capacity').notNull().default(25),
    /** Seats taken; kept equal to the slot's registrations by the booking transaction. */
    booked: integer('booked').notNull().default(0),
    /** Seats held for a waitlist offer; taken for everyone else until accepted or lapsed. */
    held: integer('held').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The reason an operator gave for closing this slot on its own (`slots close --reason`),
     * shown to players on its day; null while open, and for slots closed by a blocked day (the
     * day's reason is the settings') or a week's change.
     */
    closedReason: text('closed_reason'),
    /** HMAC of the access code that lets a player join this session from /game. */
    accessCodeHash: text('access_code_hash'),
    /** The access code sealed for the players booked on the slot (src/lib/sealed-box.ts). */
    accessCodeSealed: text('access_code_sealed'),
    createdAt: createdAt(),
  },
  (t) => [
    // The unique index also serves the date-range listing of available times.
    unique('event_slots_starts_at_key').on(t.startsAt),
    unique('event_slots_access_code_hash_key').on(t.accessCodeHash),
    check(
      'event_slots_booked_within_capacity',
      sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`,
    ),
    check(
      'event_slots_held_within_capacity',
      sql`${t.held} >= 0 AND ${t.booked} + ${t.held} <= ${t.capacity}`,
    ),
    check('event_slots_capacity_positive', sql`${t.capacity} > 0`),
    check('event_slots_length_positive', sql`${t.lengthMinutes} > 0`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: REGISTRATION_SOURCES }).notNull(),
    /**
     * When the game first used the seat's ticket (the player's game frame opened the game), by
     * the server's clock; set once, never moved (ADR 0059).
     */
    joinedGameAt: timestamptz('joined_game_at'),
    /**
     * The player's time zone as the browser named it when the seat was taken (IANA, canonical,
     * one this server knows; null: none said), so the seat's later mails show the player's clock
     * beside the venue's (ADR 0057).
     */
    timeZone: text('time_zone'),
    /** The party the seat belongs to: its leader's own seat, or a guest seat claimed (ADR 0065). */
    partyId: uuid('party_id').references(() => parties.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('registrations_slot_user_key').on(t.slotId, t.userId),
    index('registrations_party_idx')
      .on(t.partyId)
      .where(sql`${t.partyId} IS NOT NULL`),
    index('registrations_user_created_idx').on(t.userId, t.createdAt),
    check('registrations_source', oneOf('source', REGISTRATION_SOURCES)),
  ],
);

/**
 * A party (ADR 0065): seats one player (its leader) booked together on a game, one of them the
 * leader's own registration and the others guest seats, each claimed through its own invite.
 */
export const parties = pgTable(
  'parties',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    leaderId: uuid('leader_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('parties_slot_leader_key').on(t.slotId, t.leaderId),
    index('parties_leader_idx').on(t.leaderId),
  ],
);

/**
 * A party's guest seat not claimed yet: the leader's, paid for and counted in event_slots.booked
 * (booked = registrations + party seats). Claiming it deletes the row and writes a registration
 * with the same id, so the leader's ledger posting for the seat (source 'registration', this id)
 * names the guest's registration: whoever gives the seat back, its credits go to the leader.
 */
export const partySeats = pgTable(
  'party_seats',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    createdAt: createdAt(),
  },
  (t) => [index('party_seats_party_idx').on(t.partyId), index('party_seats_slot_idx').on(t.slotId)],
);

/** One row per reminder mail queued for a seat: the key that makes each one exactly once. */
export const seatReminders = pgTable(
  'seat_reminders',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.registrationId, t.kind] }),
    index('seat_reminders_created_idx').on(t.createdAt),
    check('seat_reminders_kind', oneOf('kind', REMINDER_KINDS)),
  ],
);

/**
 * A player's place in line for a full slot. 'offered' holds one of the slot's seats (counted in
 * event_slots.held) until the offer is accepted, declined or lapses; the row then goes.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    offeredAt: timestamptz('offered_at'),
    offerExpiresAt: timestamptz('offer_expires_at'),
    /** The player's time zone as the browser named it on joining (as registrations.time_zone). */
    timeZone: text('time_zone'),
    /**
     * The seats the place asks for: 1, or a party's (ADR 0066); an offer holds them all, and
     * is made only when that many are free.
     */
    seats: integer('seats').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    unique('waitlist_entries_slot_user_key').on(t.slotId, t.userId),
    // The next in line, and a slot's line in order.
    index('waitlist_entries_slot_status_created_idx').on(t.slotId, t.status, t.createdAt, t.id),
    index('waitlist_entries_user_idx').on(t.userId),
    index('waitlist_entries_offer_expires_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('waitlist_entries_status', oneOf('status', WAITLIST_STATUSES)),
    check(
      'waitlist_entries_offer',
      sql`(${t.status} = 'offered') = (${t.offerExpiresAt} IS NOT NULL AND ${t.offeredAt} IS NOT NULL)`,
    ),
    // 1 to PARTY.maxSeats (the contract's).
    check('waitlist_entries_seats', sql`${t.seats} BETWEEN 1 AND 6`),
  ],
);

/**
 * The offers a player let lapse, per venue day (issue 40, ADR 0034): from the
 * WAITLIST.lapsesToLineEnd-th of a day, the player is offered a seat only after everyone else
 * waiting, for the rest of that day.
 */
export const waitlistLapses = pgTable(
  'waitlist_lapses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    lapses: integer('lapses').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('waitlist_lapses_positive', sql`${t.lapses} > 0`),
  ],
);
