import { calendarDayIn, ERRORS, type AvailableTime } from '@questfield/contract';
import { format, isValid, parse } from 'date-fns';
import { failureText } from '@/lib/api-client';

/** How the date is shown and typed (spec §4). */
export const DATE_FORMAT = 'MM/dd/yyyy';

/** The day as the API reads it: 'YYYY-MM-DD'. */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/**
 * The venue's today, the earliest day that can be picked and the one the modal opens on: the
 * date on the venue's clock now (a browser a day ahead of the venue, or behind it, would pick
 * the wrong day by its own), as the picker holds days: that date at the browser's midnight.
 */
export function venueToday(timeZone: string, now = Date.now()): Date {
  const [year = 0, month = 1, day = 1] = calendarDayIn(now, timeZone).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/**
 * A date as typed: the day it names, 'invalid' when it is no MM/DD/YYYY date, 'past' when it
 * is before `today` (the venue's; null while unknown: no day is past). Empty text is 'invalid'
 * too: a booking needs a day.
 */
export function readTypedDate(text: string, today: Date | null): Date | 'invalid' | 'past' {
  const trimmed = text.trim();
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed)) return 'invalid';
  const date = parse(trimmed, DATE_FORMAT, today ?? new Date());
  if (!isValid(date)) return 'invalid';
  return today !== null && date < today ? 'past' : date;
}

/**
 * The start of a slot in venue time, as the server names it: '10:00 AM' of
 * 'Old Mill District|10:00 AM'. The browser does not know the venue's time zone, so the
 * server's own words are shown.
 */
export function venueTime(slot: Pick<AvailableTime, 'event_id' | 'EventTime'>): string {
  const [, time] = slot.event_id.split('|');
  return time?.trim() || slot.EventTime;
}

export function isFull(slot: Pick<AvailableTime, 'SpotsAvailable'>): boolean {
  return slot.SpotsAvailable <= 0;
}

/** The booking modal (spec §4): the server's message, else 'Register failed'. */
export function registerFailureText(error: unknown): string {
  return failureText(error, ERRORS.REGISTER_EVENT_FAILED.message);
}
