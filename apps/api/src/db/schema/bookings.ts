/**
 * The bookings module's tables: slots and the seats players hold on them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz, createdAt, id, oneOf } from './columns';

export const REGISTRATION_SOURCES = ['booking', 'access_code'] as const;

export const eventSlots = pgTable(
  'event_slots',
  {
    id: id(),
    startsAt: timestamptz('starts_at').notNull(),
    lengthMinutes: integer('length_minutes').notNull().default(30),
    capacity: integer('capacity').notNull().default(25),
    /** Seats taken; kept equal to the slot's registrations by the booking transaction. */
    booked: integer('booked').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
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
    createdAt: createdAt(),
  },
  (t) => [
    unique('registrations_slot_user_key').on(t.slotId, t.userId),
    index('registrations_user_created_idx').on(t.userId, t.createdAt),
    check('registrations_source', oneOf('source', REGISTRATION_SOURCES)),
  ],
);
