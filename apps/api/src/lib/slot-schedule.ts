/**
 * Slot start times in the venue's time zone. Zone maths (DST included) is date-fns' TZDate's
 * job; we only say which wall-clock times exist.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { GAME_LENGTH_MINUTES } from '@questfield/contract';

export type DailySchedule = {
  /** First start, minutes after local midnight (10:00 = 600). */
  firstStartMinute: number;
  /** Last start, minutes after local midnight (21:30 = 1290). */
  lastStartMinute: number;
  stepMinutes: number;
};

const DEFAULT_DAILY_SCHEDULE: DailySchedule = {
  firstStartMinute: 10 * 60,
  lastStartMinute: 21 * 60 + 30,
  stepMinutes: GAME_LENGTH_MINUTES,
};

/** A day of the venue's calendar, YYYY-MM-DD. */
export type VenueDay = string;

/** The venue's calendar day at `at`. */
export function venueDayOf(at: Date, timeZone: string): VenueDay {
  return format(new TZDate(at.getTime(), timeZone), 'yyyy-MM-dd');
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

/** The instants a venue day spans: from its midnight to the next, on the venue's clock. */
export function venueDayRange(day: VenueDay, timeZone: string): { from: Date; to: Date } {
  return {
    from: venueInstant(day, '00:00', timeZone),
    to: venueInstant(nextDay(day), '00:00', timeZone),
  };
}

/** The starts of one venue day, earliest first (a DST change moves them in UTC, not on the wall). */
export function slotStartsOn(
  day: VenueDay,
  timeZone: string,
  schedule: DailySchedule = DEFAULT_DAILY_SCHEDULE,
): Date[] {
  const starts: Date[] = [];
  for (
    let minute = schedule.firstStartMinute;
    minute <= schedule.lastStartMinute;
    minute += schedule.stepMinutes
  ) {
    const time = `${Math.floor(minute / 60)}:${minute % 60}`;
    starts.push(venueInstant(day, time, timeZone));
  }
  return starts;
}

/** The start's wall-clock time at the venue, 'hh:mm AM/PM' (the spec's `event_id` part). */
function venueClockOf(start: Date, timeZone: string): string {
  return format(new TZDate(start.getTime(), timeZone), 'hh:mm a');
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
  return format(new TZDate(start.getTime(), timeZone), 'HH:mm');
}

/**
 * Starts from the venue's today through `days` more days, later than `now` only (the spec
 * keeps only future slots), in ascending order.
 */
export function upcomingSlotStarts(options: {
  now: Date;
  timeZone: string;
  days: number;
  schedule?: DailySchedule;
}): Date[] {
  const { now, timeZone, days, schedule = DEFAULT_DAILY_SCHEDULE } = options;
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  return Array.from({ length: days + 1 }, (_, offset) =>
    slotStartsOn(format(addDays(today, offset), 'yyyy-MM-dd'), timeZone, schedule),
  )
    .flat()
    .filter((start) => start.getTime() > now.getTime());
}
