import { describe, expect, it } from 'vitest';
import { upcomingSlotStarts } from '../src/lib/slot-schedule';

const ZONE = 'America/New_York';

describe('upcomingSlotStarts', () => {
  it('gives 24 half-hour starts from 10:00 to 21:30 local each day', () => {
    // 2026-06-01 03:00 in New York (EDT, UTC-4): the whole day is still ahead.
    const starts = upcomingSlotStarts({
      now: new Date('2026-06-01T07:00:00Z'),
      timeZone: ZONE,
      days: 0,
    });
    expect(starts).toHaveLength(24);
    expect(starts[0]?.toISOString()).toBe('2026-06-01T14:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-06-02T01:30:00.000Z');
  });

  it('keeps only future slots', () => {
    // 12:10 local: 10:00 to 12:00 are gone, 12:30 is next.
    const starts = upcomingSlotStarts({
      now: new Date('2026-06-01T16:10:00Z'),
      timeZone: ZONE,
      days: 0,
    });
    expect(starts[0]?.toISOString()).toBe('2026-06-01T16:30:00.000Z');
    expect(starts).toHaveLength(19);
  });

  it('covers today plus the given number of days', () => {
    const starts = upcomingSlotStarts({
      now: new Date('2026-06-01T07:00:00Z'),
      timeZone: ZONE,
      days: 7,
    });
    expect(starts).toHaveLength(24 * 8);
  });

  it('follows daylight saving time: 10:00 local moves by an hour in UTC', () => {
    // US clocks spring forward on 2026-03-08.
    const starts = upcomingSlotStarts({
      now: new Date('2026-03-07T06:00:00Z'),
      timeZone: ZONE,
      days: 1,
    });
    const firstOf = (day: string) => starts.find((start) => start.toISOString().startsWith(day));
    expect(firstOf('2026-03-07T15')?.toISOString()).toBe('2026-03-07T15:00:00.000Z'); // EST
    expect(firstOf('2026-03-08T14')?.toISOString()).toBe('2026-03-08T14:00:00.000Z'); // EDT
    expect(starts).toHaveLength(48);
  });

  it('uses the venue date, not the UTC date', () => {
    // 23:30 on May 31 in New York is already June 1 in UTC.
    const starts = upcomingSlotStarts({
      now: new Date('2026-06-01T03:30:00Z'),
      timeZone: ZONE,
      days: 0,
    });
    expect(starts).toHaveLength(0);
  });
});
