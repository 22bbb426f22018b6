import { describe, expect, it } from 'vitest';
import {
  calendarDayIn,
  clockParts,
  clockText,
  isoWithOffset,
  venueTimeText,
  type VenueClock,
} from '../src/clock';

const NEW_YORK: VenueClock = { timeZone: 'America/New_York', hourCycle: '12' };
const BERLIN_24: VenueClock = { timeZone: 'Europe/Berlin', hourCycle: '24' };
/** 18:00 in New York, 23:00 UTC, 00:00 the next day in Berlin. */
const SIX_PM_NY = '2026-11-29T23:00:00Z';

describe('venueTimeText: the venue clock with its zone named', () => {
  it('writes the time in 12-hour form with the zone abbreviation', () => {
    expect(venueTimeText(SIX_PM_NY, NEW_YORK)).toBe('6:00 PM EST');
    expect(venueTimeText(new Date('2026-07-04T13:05:00Z'), NEW_YORK)).toBe('9:05 AM EDT');
  });

  it('writes 24-hour time when the venue says so, with a named European zone', () => {
    expect(venueTimeText('2026-11-29T17:00:00Z', BERLIN_24)).toBe('18:00 CET');
    expect(venueTimeText('2026-07-01T07:30:00Z', BERLIN_24)).toBe('09:30 CEST');
    expect(venueTimeText('2026-11-29T23:00:00Z', BERLIN_24)).toBe('00:00 CET');
  });

  it('writes midnight as 12:00 AM on the 12-hour clock', () => {
    expect(venueTimeText('2026-11-30T05:00:00Z', NEW_YORK)).toBe('12:00 AM EST');
  });

  it('puts the short or the long date before the time', () => {
    expect(venueTimeText(SIX_PM_NY, NEW_YORK, { date: 'short' })).toBe('Sun, Nov 29, 6:00 PM EST');
    expect(venueTimeText(SIX_PM_NY, NEW_YORK, { date: 'long' })).toBe(
      'Sunday, November 29, 2026, 6:00 PM EST',
    );
  });

  it('falls back to the offset where a zone has no abbreviation', () => {
    expect(venueTimeText(SIX_PM_NY, { timeZone: 'Asia/Tokyo', hourCycle: '24' })).toBe(
      '08:00 GMT+9',
    );
    expect(venueTimeText(SIX_PM_NY, { timeZone: 'UTC', hourCycle: '12' })).toBe('11:00 PM UTC');
  });

  it('refuses a value that is not a time', () => {
    expect(() => venueTimeText('not a date', NEW_YORK)).toThrow(RangeError);
  });
});

describe('clockParts and clockText: the viewer clock beside the venue clock', () => {
  it('adds the viewer time in the venue hour cycle where it differs', () => {
    expect(clockParts(SIX_PM_NY, NEW_YORK, 'America/Los_Angeles')).toEqual({
      venue: '6:00 PM EST',
      viewer: '3:00 PM PST',
    });
    expect(clockText(SIX_PM_NY, NEW_YORK, 'America/Los_Angeles')).toBe(
      '6:00 PM EST (3:00 PM PST your time)',
    );
  });

  it('shows the viewer date only when the viewer calendar day differs', () => {
    expect(clockParts(SIX_PM_NY, NEW_YORK, 'Europe/Berlin')).toEqual({
      venue: '6:00 PM EST',
      viewer: 'Mon, Nov 30, 12:00 AM CET',
    });
    expect(clockText(SIX_PM_NY, NEW_YORK, 'Europe/Berlin', { date: 'long' })).toBe(
      'Sunday, November 29, 2026, 6:00 PM EST (Monday, November 30, 2026, 12:00 AM CET your time)',
    );
    expect(clockText(SIX_PM_NY, NEW_YORK, 'America/Chicago', { date: 'short' })).toBe(
      'Sun, Nov 29, 6:00 PM EST (5:00 PM CST your time)',
    );
  });

  it('uses the 24-hour clock for the viewer when the venue does', () => {
    expect(clockText('2026-11-29T17:00:00Z', BERLIN_24, 'Europe/London')).toBe(
      '18:00 CET (17:00 GMT your time)',
    );
  });

  it.each([
    ['absent', undefined],
    ['unknown', 'Mars/Olympus_Mons'],
    ['empty', ''],
    ['the same zone', 'America/New_York'],
    ['another name of the same clock', 'US/Eastern'],
  ])('gives no viewer text when the viewer zone is %s', (_case, zone) => {
    expect(clockParts(SIX_PM_NY, NEW_YORK, zone)).toEqual({ venue: '6:00 PM EST', viewer: null });
    expect(clockText(SIX_PM_NY, NEW_YORK, zone)).toBe('6:00 PM EST');
  });

  it('names both when the wall time is the same but the zone is not', () => {
    // Toronto keeps New York's time, and its abbreviation: no second clock.
    expect(clockParts(SIX_PM_NY, NEW_YORK, 'America/Toronto').viewer).toBeNull();
    // Bogotá is at -05:00 all year: in winter the same wall time, another zone name.
    expect(clockParts(SIX_PM_NY, NEW_YORK, 'America/Bogota').viewer).toBe('6:00 PM GMT-5');
  });
});

describe('isoWithOffset: ISO 8601 with the zone offset at that instant', () => {
  it.each([
    [SIX_PM_NY, 'America/New_York', '2026-11-29T18:00:00-05:00'],
    ['2026-07-04T13:05:09.750Z', 'America/New_York', '2026-07-04T09:05:09-04:00'],
    ['2026-11-29T23:00:00Z', 'Europe/Berlin', '2026-11-30T00:00:00+01:00'],
    ['2026-11-29T23:00:00Z', 'UTC', '2026-11-29T23:00:00+00:00'],
    ['2026-11-29T23:00:00Z', 'Asia/Kathmandu', '2026-11-30T04:45:00+05:45'],
  ])('writes %s in %s as %s', (at, zone, expected) => {
    expect(isoWithOffset(at, zone)).toBe(expected);
    // The text names the same instant, to the second.
    expect(new Date(expected).getTime()).toBe(Math.floor(new Date(at).getTime() / 1000) * 1000);
  });

  it('accepts a Date', () => {
    expect(isoWithOffset(new Date(SIX_PM_NY), 'America/New_York')).toBe(
      '2026-11-29T18:00:00-05:00',
    );
  });
});

describe("calendarDayIn: the day on a zone's calendar at that instant", () => {
  it.each([
    // 11:30 PM on the 29th in New York is already the 30th in Berlin and Tokyo…
    ['2026-11-30T04:30:00Z', 'America/New_York', '2026-11-29'],
    ['2026-11-30T04:30:00Z', 'Europe/Berlin', '2026-11-30'],
    // …and 1:00 AM on the 30th in Tokyo is still the 29th in Honolulu.
    ['2026-11-29T16:00:00Z', 'Asia/Tokyo', '2026-11-30'],
    ['2026-11-29T16:00:00Z', 'Pacific/Honolulu', '2026-11-29'],
  ])('reads %s in %s as %s', (at, zone, expected) => {
    expect(calendarDayIn(at, zone)).toBe(expected);
    expect(calendarDayIn(Date.parse(at), zone)).toBe(expected);
  });
});
