/**
 * Whom a message to a game's players reaches (game-message.service.ts, ADR 0058): the players
 * holding its seats and, when asked, those in its waitlist line; deleted accounts left out.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { registrations, waitlistEntries } from '../../db/schema/bookings';
import { playerNames } from '../../db/schema/views';

/** A player a message reaches, with the zone their seat or place kept (ADR 0057), if any. */
export type Recipient = { userId: string; timeZone: string | null };

/** The live players booked on the slot, in seat order; with `line`, its line's, in line order. */
export async function messageRecipients(
  db: Executor,
  slotId: string,
  line: boolean,
): Promise<{ booked: Recipient[]; waiting: Recipient[] }> {
  // One after the other: in a transaction, both go over its one connection anyway.
  const seated = await db
    .select({ userId: registrations.userId, timeZone: registrations.timeZone })
    .from(registrations)
    .innerJoin(playerNames, eq(playerNames.userId, registrations.userId))
    .where(and(eq(registrations.slotId, slotId), eq(playerNames.deleted, false)))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  const inLine = line
    ? await db
        .select({ userId: waitlistEntries.userId, timeZone: waitlistEntries.timeZone })
        .from(waitlistEntries)
        .innerJoin(playerNames, eq(playerNames.userId, waitlistEntries.userId))
        .where(and(eq(waitlistEntries.slotId, slotId), eq(playerNames.deleted, false)))
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    : [];
  // One mail a player: a seat holder is never in the line too, but count nobody twice.
  const seen = new Set(seated.map((row) => row.userId));
  const waiting: Recipient[] = [];
  for (const row of inLine) {
    if (seen.has(row.userId)) continue;
    seen.add(row.userId);
    waiting.push(row);
  }
  return { booked: seated, waiting };
}
