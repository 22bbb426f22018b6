/**
 * Slot start times in the venue's time zone. Zone maths (DST included) is date-fns' TZDate's
 * job; we only say which wall-clock times exist.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { GAME_LENGTH_MINUTES, WEEKDAYS, type Weekday } from '@questfield/contract';

/** A day of the venue's calendar, YYYY-MM-DD. */
export type VenueDay = string;

/** The venue's calendar day at `at`. */
export function venueDayOf(at: Date, timeZone: string): VenueDay {
  return format(new TZDate(at.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The venue day a slot starts on (formatted once per process, like its other formats). */
export function slotDayOf(start: Date, timeZone: string): VenueDay {
  return formatStart(start, timeZone, 'yyyy-MM-dd');
}

/** The instant of a wall-clock time ('HH:MM', 24-hour) on a venue day. */
export function venueInstant(day: VenueDay, time: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, date, hours, minutes, timeZone).getTime());
}

/** The day after a venue day, by the calendar (not 24 hours: a DST change makes 23 or 25). */
function nextDay(day: VenueDay): VenueDay {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The seven venue days of the week starting on `monday`, and the instants they span. */
export function venueWeek(monday: VenueDay, timeZone: string) {
  const days = [monday];
  while (days.length < 7) days.push(nextDay(days.at(-1) ?? monday));
  return {
    days,
    from: venueInstant(monday, '00:00', timeZone),
    to: venueDayRange(days.at(-1) ?? monday, timeZone).to,
  };
}

/** The instants a venue day spans: from its midnight to the next, on the venue's clock. */
export function venueDayRange(day: VenueDay, timeZone: string): { from: Date; to: Date } {
  return {
    from: venueInstant(day, '00:00', timeZone),
    to: venueInstant(nextDay(day), '00:00', timeZone),
  };
}

/** Minutes after midnight of an 'HH:MM' time. */
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The starts of one venue day from its first to its last game's start, a game's length apart,
 * earliest first (a DST change moves them in UTC, not on the wall).
 */
export function slotStartsOn(
  day: VenueDay,
  timeZone: string,
  hours: { first: string; last: string },
): Date[] {
  const starts: Date[] = [];
  for (
    let minute = minuteOf(hours.first);
    minute <= minuteOf(hours.last);
    minute += GAME_LENGTH_MINUTES
  ) {
    starts.push(venueInstant(day, `${Math.floor(minute / 60)}:${minute % 60}`, timeZone));
  }
  return starts;
}

/** The weekday of a venue day (a calendar date: no time zone is involved). */
export function weekdayOf(day: VenueDay): Weekday {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7] ?? 'monday';
}

/** Slot starts formatted at most once per process and pattern (the cache is emptied when full). */
const STARTS_FORMATTED = 4_096;
const formattedStarts = new Map<string, string>();

/**
 * A slot's start on the venue's clock in `pattern`. A booking shows its start several times
 * (its event id, its mail, its calendar file), and TZDate asks Intl for the zone's offset each
 * time (a twelfth of a booking's CPU); a venue has a few dozen starts a day.
 */
function formatStart(start: Date, timeZone: string, pattern: string): string {
  const key = `${start.getTime()}|${timeZone}|${pattern}`;
  let formatted = formattedStarts.get(key);
  if (formatted === undefined) {
    if (formattedStarts.size >= STARTS_FORMATTED) formattedStarts.clear();
    formatted = format(new TZDate(start.getTime(), timeZone), pattern);
    formattedStarts.set(key, formatted);
  }
  return formatted;
}

/** The start's wall-clock time at the venue, 'hh:mm AM/PM' (the spec's `event_id` part). */
function venueClockOf(start: Date, timeZone: string): string {
  return formatStart(start, timeZone, 'hh:mm a');
}

/** A game's `event_id` (spec §3): 'Old Mill District|10:00 AM', the district and venue time. */
export function eventIdOf(
  start: Date,
  venue: { districtName: string; venueTimezone: string },
): string {
  return `${venue.districtName}|${venueClockOf(start, venue.venueTimezone)}`;
}

/** The start's wall-clock time at the venue, 'HH:MM' (24-hour, the operator's). */
export function venueTimeOf(start: Date, timeZone: string): string {
  return formatStart(start, timeZone, 'HH:mm');
}
