/** Game reminders (reminders.service.ts, ADR 0033): the bookings module's SQL for them. */
import { and, eq, gt, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import {
  eventSlots,
  registrations,
  seatReminders,
  type REMINDER_KINDS,
} from '../../db/schema/bookings';

export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** A seat whose reminder is due, with what its mail says. */
export type DueReminder = {
  registrationId: string;
  userId: string;
  kind: ReminderKind;
  startsAt: Date;
  accessCodeSealed: string | null;
  /** The player's zone kept with the seat (ADR 0057), or null. */
  timeZone: string | null;
};

const HOUR_MS = 60 * 60_000;
/** How long before the start each reminder is due. */
const REMINDER_LEAD_MS: Record<ReminderKind, number> = { day: 24 * HOUR_MS, hour: HOUR_MS };

/**
 * One batch of seats whose reminder is due at `now`, each row locked until the transaction ends
 * and rows other passes hold skipped (FOR NO KEY UPDATE OF registrations SKIP LOCKED), so passes
 * of several processes at once take disjoint seats. A seat's kind is the window `now` is in:
 * 'day' from 24 hours to 1 hour before the start, 'hour' from then to the start. Due when the
 * registration was made by that reminder's time (a seat taken later never gets it) and no key
 * of that kind was written for it (seat_reminders). A seat given back has no registration.
 * The slots' unique index on starts_at bounds the scan to the next 24 hours' games, the
 * registrations' (slot_id, user_id) key finds their seats and the keys' primary key answers
 * NOT EXISTS.
 */
export async function claimDue(tx: Transaction, now: Date, limit: number): Promise<DueReminder[]> {
  const dayFrom = new Date(now.getTime() + REMINDER_LEAD_MS.day);
  const inLastHour = sql`${eventSlots.startsAt} <= ${new Date(now.getTime() + REMINDER_LEAD_MS.hour).toISOString()}::timestamptz`;
  const kind = sql<ReminderKind>`(case when ${inLastHour} then 'hour' else 'day' end)`;
  const leadMs = sql`(case when ${inLastHour} then ${REMINDER_LEAD_MS.hour}::integer else ${REMINDER_LEAD_MS.day}::integer end)`;
  const madeInTime = sql`${registrations.createdAt} <= ${eventSlots.startsAt} - interval '1 millisecond' * ${leadMs}`;
  const keyWritten = tx
    .select({ one: sql`1` })
    .from(seatReminders)
    .where(and(eq(seatReminders.registrationId, registrations.id), eq(seatReminders.kind, kind)));
  return tx
    .select({
      registrationId: registrations.id,
      userId: registrations.userId,
      kind,
      startsAt: eventSlots.startsAt,
      accessCodeSealed: eventSlots.accessCodeSealed,
      timeZone: registrations.timeZone,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(
      and(
        gt(eventSlots.startsAt, now),
        lte(eventSlots.startsAt, dayFrom),
        madeInTime,
        notExists(keyWritten),
      ),
    )
    .orderBy(eventSlots.startsAt)
    .limit(limit)
    .for('no key update', { of: registrations, skipLocked: true });
}

/**
 * Writes the keys of these reminders; the ones written now (a key another pass wrote first is
 * left alone and not answered), whose mails this pass queues.
 */
export async function writeKeys(
  tx: Transaction,
  keys: { registrationId: string; kind: ReminderKind }[],
  now: Date,
): Promise<{ registrationId: string; kind: ReminderKind }[]> {
  if (keys.length === 0) return [];
  return tx
    .insert(seatReminders)
    .values(keys.map((key) => ({ ...key, createdAt: now })))
    .onConflictDoNothing()
    .returning({ registrationId: seatReminders.registrationId, kind: seatReminders.kind });
}

/**
 * Deletes one batch of keys written before `before` (the retention pass); how many went. Rows
 * another pass holds are skipped.
 */
export async function purgeKeys(db: Executor, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ registrationId: seatReminders.registrationId, kind: seatReminders.kind })
    .from(seatReminders)
    .where(lt(seatReminders.createdAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(seatReminders)
    .where(sql`(${seatReminders.registrationId}, ${seatReminders.kind}) in (${batch})`)
    .returning({ registrationId: seatReminders.registrationId });
  return deleted.length;
}
