import type { SeatSource } from '@questfield/contract';
import { commonCopy } from '../copy/common';

/**
 * How a seat was taken, worded alike on the roster, the venue day and a player's page, so a
 * seat staff booked for the player reads "Booked by staff" on each and never passes for one
 * the player booked. Kept on one line: a narrow column moves the words whole, not split.
 */
export function SeatSourceText({ source }: { source: SeatSource }) {
  return <span className="whitespace-nowrap">{commonCopy.seatSources[source]}</span>;
}
