/** Seats players hold on game slots (registrations joined to their slots). */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventSlots, registrations } from '../../db/schema';

/** A player's bookings, latest slot first. */
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
