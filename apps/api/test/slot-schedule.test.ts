import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  slotDayOf,
  slotStartsOn,
  venueDayOf,
  venueTimeOf,
  weekdayOf,
} from '../src/lib/slot-schedule';

const ZONE = 'America/New_York';
const HOURS = { first: '10:00', last: '21:30' };

describe('slotStartsOn', () => {
  it('gives the half-hour starts from the first game to the last, on the venue clock', () => {
    const starts = slotStartsOn('2026-06-01', ZONE, HOURS);
    expect(starts).toHaveLength(24);
    expect(starts[0]?.toISOString()).toBe('2026-06-01T14:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-06-02T01:30:00.000Z');
    expect(slotStartsOn('2026-06-01', ZONE, { first: '18:30', last: '18:30' })).toHaveLength(1);
  });

  it('follows daylight saving time: 10:00 local moves by an hour in UTC', () => {
    // US clocks spring forward on 2026-03-08.
    expect(slotStartsOn('2026-03-07', ZONE, HOURS)[0]?.toISOString()).toBe(
      '2026-03-07T15:00:00.000Z',
    );
    expect(slotStartsOn('2026-03-08', ZONE, HOURS)[0]?.toISOString()).toBe(
      '2026-03-08T14:00:00.000Z',
    );
  });

  it('keeps the venue date: a late game is the next day in UTC', () => {
    const [late] = slotStartsOn('2026-05-31', ZONE, { first: '23:30', last: '23:30' });
    expect(late?.toISOString()).toBe('2026-06-01T03:30:00.000Z');
  });
});

describe('weekdayOf', () => {
  it('names the weekday of a calendar date, whatever the machine’s zone', () => {
    expect(['2026-11-23', '2026-11-28', '2026-11-29', '2027-01-01'].map(weekdayOf)).toEqual([
      'monday',
      'saturday',
      'sunday',
      'friday',
    ]);
  });
});

describe('a start on the venue clock', () => {
  it('reads the same as date-fns itself, formatted once or again, across a DST change', () => {
    // Half-hours from before to after the spring-forward of 2026-03-08: more starts than the
    // formatted starts the module keeps, so its cache is emptied and filled again on the way.
    const first = Date.UTC(2026, 2, 1);
    const starts = Array.from({ length: 5_000 }, (_, i) => new Date(first + i * 1_800_000));
    for (const round of [1, 2]) {
      for (const start of starts) {
        const direct = format(new TZDate(start.getTime(), ZONE), 'HH:mm');
        expect(venueTimeOf(start, ZONE), `round ${round}`).toBe(direct);
        // The day too: a half-hour before midnight at the venue is already tomorrow in UTC.
        expect(slotDayOf(start, ZONE), `round ${round}`).toBe(venueDayOf(start, ZONE));
      }
    }
  });
});
