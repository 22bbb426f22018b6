/**
 * Time as the tests set it: a clock they move instead of sleeping, and the morning most suites
 * start at, with its venue day and that day's slots. The test venue keeps New York's time
 * (the default VENUE_TIMEZONE), on summer time (EDT, UTC−4) in June.
 */
import type { Clock } from '../../src/lib/clock';

/** A clock tests can set and advance. */
export function fixedClock(start: Date | string): Clock & {
  set(at: Date | string): void;
  advance(ms: number): void;
} {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** 8:00 AM on Monday 1 June 2026 in New York: every slot of the day is ahead. */
export const NOW = '2026-06-01T12:00:00Z';

/** NOW's day on the venue's clock. */
export const DAY = '2026-06-01';

/** The start (UTC, ISO 8601) of DAY's slot named by its venue time ('10:30'). */
export function AT(venueTime: string): string {
  const [hours = 0, minutes = 0] = venueTime.split(':').map(Number);
  return new Date(Date.UTC(2026, 5, 1, hours + 4, minutes)).toISOString();
}
