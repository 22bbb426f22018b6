/**
 * The slots this process took a seat on lately that had seats left, by the way bookings name
 * them (a start, or an access code's hash), so that the next booking of the slot goes straight
 * to its seat statement without reading the slot first (ADR 0043).
 *
 * Only what never changes for a slot's id is kept: its start, length and access code. Whatever
 * changes (open or closed, capacity, seats, the player's own seat) the seat statement reads
 * under its locks, and a slot deleted and made again has a new id the statement cannot find. So
 * a stale entry can only make a booking write nothing, and the booking then forgets the entry
 * and takes the path that reads the slot. Nothing needs telling: no process listens for this.
 */
import type { SlotTarget } from './bookings.repository';

/** A slot's identity: what a booking needs to take a seat on it and confirm it by mail. */
export type KnownSlot = { id: string; startsAt: Date; lengthMinutes: number; accessCode: string };

/** A day's slots are a few dozen; past this many, everything is forgotten. */
const KNOWN_KEPT = 1_000;

const keyOf = (target: SlotTarget) =>
  'startsAt' in target ? `at:${target.startsAt.getTime()}` : `code:${target.accessCodeHash}`;

export function createKnownSlots() {
  const known = new Map<string, KnownSlot>();
  return {
    get: (target: SlotTarget): KnownSlot | undefined => known.get(keyOf(target)),
    remember(target: SlotTarget, slot: KnownSlot): void {
      if (known.size >= KNOWN_KEPT) known.clear();
      known.set(keyOf(target), slot);
    },
    forget: (target: SlotTarget): void => void known.delete(keyOf(target)),
  };
}
