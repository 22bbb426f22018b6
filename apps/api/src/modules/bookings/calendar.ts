/**
 * A seat as an iCalendar file (RFC 5545; ADR 0031), made with ical-generator: one event per registration
 * whose UID is the registration's id at the product's host (the same seat asked again replaces
 * the entry rather than adding one), start and end in UTC, the access code and the way back to
 * My Sessions in the description, the venue's name and street address as its LOCATION (admins'
 * words, escaped by ical-generator per RFC 5545 §3.3.11: backslash, semicolon, comma, line
 * break), and a display alarm CALENDAR_ALARM_MINUTES before the start.
 */
import {
  CALENDAR_ALARM_MINUTES,
  calendarDetails,
  calendarTitle,
  PAGE_PATHS,
  venuePlace,
  type VenueDetails,
} from '@questfield/contract';
import ical, { ICalAlarmType } from 'ical-generator';
import type { Env } from '../../config/env';
import { slotDayOf } from '../../lib/slot-schedule';

type CalendarSeat = {
  registrationId: string;
  startsAt: Date;
  endsAt: Date;
  /** The venue's name, and where it is (its name and street address). */
  venueName: string;
  location: string;
  accessCode: string;
};

/** The seat's calendar text; `origin` names the product (UID, links), `now` stamps it. */
function seatCalendar(seat: CalendarSeat, origin: string, now: Date): string {
  const sessionsUrl = new URL(PAGE_PATHS.dashboard, origin).toString();
  const calendar = ical({
    prodId: { company: 'Questfield', product: 'Sessions', language: 'EN' },
    name: 'Questfield',
  });
  const title = calendarTitle(seat.venueName);
  calendar.createEvent({
    id: `${seat.registrationId}@${new URL(origin).host}`,
    start: seat.startsAt,
    end: seat.endsAt,
    stamp: now,
    summary: title,
    description: calendarDetails(seat.accessCode, sessionsUrl),
    location: seat.location,
    url: sessionsUrl,
    alarms: [
      {
        type: ICalAlarmType.display,
        triggerBefore: CALENDAR_ALARM_MINUTES * 60,
        description: title,
      },
    ],
  });
  return calendar.toString();
}

/** A seat as its slot and registration know it. */
type SeatOnSlot = {
  registrationId: string;
  startsAt: Date;
  lengthMinutes: number;
  accessCode: string;
};

const MINUTE = 60_000;

/**
 * The seat's calendar file and its name ('questfield-2026-06-01.ics', the venue day): what
 * Events/Calendar answers and the confirmation mail attaches (ADR 0032).
 */
export function seatCalendarFile(
  seat: SeatOnSlot,
  env: Pick<Env, 'publicOrigin'>,
  venue: VenueDetails,
  now: Date,
): { filename: string; calendar: string } {
  const calendarSeat: CalendarSeat = {
    registrationId: seat.registrationId,
    startsAt: seat.startsAt,
    endsAt: new Date(seat.startsAt.getTime() + seat.lengthMinutes * MINUTE),
    venueName: venue.name,
    location: venuePlace(venue),
    accessCode: seat.accessCode,
  };
  return {
    filename: `questfield-${slotDayOf(seat.startsAt, venue.timeZone)}.ics`,
    calendar: seatCalendar(calendarSeat, env.publicOrigin, now),
  };
}
