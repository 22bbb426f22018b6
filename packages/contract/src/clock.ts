/**
 * One clock for every time the product shows (issue "One clock, named"): the venue's, with its
 * zone named, and the viewer's own beside it where it differs. Screens, mails, calendar files and
 * exports all write times through these functions, on Intl only, in en-US wording; the venue's
 * hour cycle (a runtime setting, venue.ts) decides 12- or 24-hour. The venue's zone is the
 * VENUE_TIMEZONE setting (IANA name).
 */

export type HourCycle = '12' | '24';
export type VenueClock = { timeZone: string; hourCycle: HourCycle };
export const DEFAULT_HOUR_CYCLE: HourCycle = '12';

/** Which date goes before the time: none, 'Sat, Nov 29', or 'Saturday, November 29, 2026'. */
type DateStyle = 'none' | 'short' | 'long';
type ClockOptions = { date?: DateStyle };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

function instant(at: Date | string | number): Date {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${String(at)}`);
  return date;
}

function partOf(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((part) => part.type === type)?.value ?? '';
}

/** Only a sign and hours after GMT: what en-US writes for a zone it has no abbreviation for. */
const GMT_OFFSET = /^GMT[+-]/;

/**
 * The zone's short name at that instant: en-US's ('EST', 'PST'), else en-GB's where it has a
 * name en-US lacks ('CET', 'BST'), else the offset ('GMT+9').
 */
function zoneAbbreviation(at: Date, timeZone: string): string {
  const us = partOf(
    formatter('en-US', timeZone, { timeZoneName: 'short' }).formatToParts(at),
    'timeZoneName',
  );
  if (!GMT_OFFSET.test(us)) return us;
  const gb = partOf(
    formatter('en-GB', timeZone, { timeZoneName: 'short' }).formatToParts(at),
    'timeZoneName',
  );
  return GMT_OFFSET.test(gb) || gb === '' ? us : gb;
}

function timeOfDay(at: Date, timeZone: string, hourCycle: HourCycle): string {
  const options: Intl.DateTimeFormatOptions =
    hourCycle === '24'
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' };
  return formatter('en-US', timeZone, options).format(at);
}

function dateText(at: Date, timeZone: string, style: Exclude<DateStyle, 'none'>): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
      : { weekday: 'short', month: 'short', day: 'numeric' };
  return formatter('en-US', timeZone, options).format(at);
}

function calendarDay(at: Date, timeZone: string): string {
  return formatter('en-US', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function clockLine(at: Date, timeZone: string, hourCycle: HourCycle, date: DateStyle): string {
  const time = `${timeOfDay(at, timeZone, hourCycle)} ${zoneAbbreviation(at, timeZone)}`;
  return date === 'none' ? time : `${dateText(at, timeZone, date)}, ${time}`;
}

/** Whether the runtime knows the zone's name. */
function knownZone(timeZone: string | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    formatter('en-US', timeZone, {});
    return true;
  } catch {
    return false;
  }
}

/**
 * The time on the venue's clock with its zone: '6:00 PM EST', '18:00 CET'; with `date: 'short'`
 * 'Sat, Nov 29, 6:00 PM EST'; with `date: 'long'` 'Saturday, November 29, 2026, 6:00 PM EST'.
 */
export function venueTimeText(
  at: Date | string,
  clock: VenueClock,
  options: ClockOptions = {},
): string {
  return clockLine(instant(at), clock.timeZone, clock.hourCycle, options.date ?? 'none');
}

/**
 * The venue's text (venueTimeText), and the same moment on the viewer's clock in the same hour
 * cycle, its date shown only when the viewer's calendar day differs from the venue's (in the
 * style asked for, else short); `viewer` is null when the viewer's zone is absent, unknown, or
 * shows the same wall time and zone name.
 */
export function clockParts(
  at: Date | string,
  clock: VenueClock,
  viewerZone?: string,
  options: ClockOptions = {},
): { venue: string; viewer: string | null } {
  const when = instant(at);
  const style = options.date ?? 'none';
  const venue = clockLine(when, clock.timeZone, clock.hourCycle, style);
  if (!knownZone(viewerZone)) return { venue, viewer: null };
  const sameTime =
    clockLine(when, viewerZone, clock.hourCycle, 'none') ===
    clockLine(when, clock.timeZone, clock.hourCycle, 'none');
  if (sameTime) return { venue, viewer: null };
  const otherDay = calendarDay(when, viewerZone) !== calendarDay(when, clock.timeZone);
  const viewerStyle: DateStyle = otherDay ? (style === 'none' ? 'short' : style) : 'none';
  return { venue, viewer: clockLine(when, viewerZone, clock.hourCycle, viewerStyle) };
}

/** 'Sat, Nov 29, 6:00 PM EST' or 'Sat, Nov 29, 6:00 PM EST (3:00 PM PST your time)'. */
export function clockText(
  at: Date | string,
  clock: VenueClock,
  viewerZone?: string,
  options: ClockOptions = {},
): string {
  const { venue, viewer } = clockParts(at, clock, viewerZone, options);
  return viewer === null ? venue : `${venue} (${viewer} your time)`;
}

/**
 * The calendar day ('YYYY-MM-DD') on the clock of `timeZone` at that instant: the venue's today
 * is `calendarDayIn(now, venue.timeZone)`, whatever zone the viewer is in.
 */
export function calendarDayIn(at: Date | string | number, timeZone: string): string {
  const parts = formatter('en-US', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant(at));
  const year = partOf(parts, 'year').padStart(4, '0');
  return `${year}-${partOf(parts, 'month')}-${partOf(parts, 'day')}`;
}

/** ISO 8601 with the zone's offset at that instant: '2026-11-29T18:00:00-05:00'. */
export function isoWithOffset(at: Date | string, timeZone: string): string {
  const when = instant(at);
  const parts = formatter('en-US', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(when);
  const zone = partOf(parts, 'timeZoneName');
  const offset = zone === 'GMT' ? '+00:00' : zone.slice('GMT'.length);
  const year = partOf(parts, 'year').padStart(4, '0');
  return `${year}-${partOf(parts, 'month')}-${partOf(parts, 'day')}T${partOf(parts, 'hour')}:${partOf(parts, 'minute')}:${partOf(parts, 'second')}${offset}`;
}
