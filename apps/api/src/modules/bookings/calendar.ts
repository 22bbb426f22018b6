/**
 * A seat as an iCalendar file (RFC 5545; ADR 0031), made with ical-generator: one event per registration
 * whose UID is the registration's id at the product's host (the same seat asked again replaces
 * the entry rather than adding one), start and end in UTC, the access code and the way back to
 * My Sessions in the description, and a display alarm CALENDAR_ALARM_MINUTES before the start.
 */
import {
  CALENDAR_ALARM_MINUTES,
  calendarDetails,
  calendarTitle,
  PAGE_PATHS,
} from '@questfield/contract';
import ical, { ICalAlarmType } from 'ical-generator';
import type { Env } from '../../config/env';
import { slotDayOf } from '../../lib/slot-schedule';

type CalendarSeat = {
  registrationId: string;
  startsAt: Date;
  endsAt: Date;
  district: string;
  accessCode: string;
};

/** The seat's calendar text; `origin` names the product (UID, links), `now` stamps it. */
function seatCalendar(seat: CalendarSeat, origin: string, now: Date): string {
  const sessionsUrl = new URL(PAGE_PATHS.dashboard, origin).toString();
  const calendar = ical({
    prodId: { company: 'Questfield', product: 'Sessions', language: 'EN' },
    name: 'Questfield',
  });
  const title = calendarTitle(seat.district);
  calendar.createEvent({
    id: `${seat.registrationId}@${new URL(origin).host}`,
    start: seat.startsAt,
    end: seat.endsAt,
    stamp: now,
    summary: title,
    description: calendarDetails(seat.accessCode, sessionsUrl),
    location: seat.district,
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
  env: Pick<Env, 'districtName' | 'venueTimezone' | 'publicOrigin'>,
  now: Date,
): { filename: string; calendar: string } {
  const calendarSeat: CalendarSeat = {
    registrationId: seat.registrationId,
    startsAt: seat.startsAt,
    endsAt: new Date(seat.startsAt.getTime() + seat.lengthMinutes * MINUTE),
    district: env.districtName,
    accessCode: seat.accessCode,
  };
  return {
    filename: `questfield-${slotDayOf(seat.startsAt, env.venueTimezone)}.ics`,
    calendar: seatCalendar(calendarSeat, env.publicOrigin, now),
  };
}
