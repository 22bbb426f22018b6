import { ERRORS, type AvailableTime } from '@questfield/contract';
import { format, isValid, parse, startOfDay } from 'date-fns';
import { failureText } from '@/lib/api-client';

/** How the date is shown and typed (spec §4). */
export const DATE_FORMAT = 'MM/dd/yyyy';

/** The day as the API reads it: 'YYYY-MM-DD'. */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Today at midnight, the earliest day that can be picked. */
export function today(now = new Date()): Date {
  return startOfDay(now);
}

/**
 * A date as typed: the day it names, 'invalid' when it is no MM/DD/YYYY date, 'past' when it
 * is before today. Empty text is 'invalid' too: a booking needs a day.
 */
export function readTypedDate(text: string, now = new Date()): Date | 'invalid' | 'past' {
  const trimmed = text.trim();
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed)) return 'invalid';
  const date = parse(trimmed, DATE_FORMAT, now);
  if (!isValid(date)) return 'invalid';
  return date < today(now) ? 'past' : date;
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
