/**
 * The mail a seat booked or joined sends the player (ADR 0032), queued in the seat's own
 * transaction as a draft of the facts and rendered when it is sent (ADR 0044): the start on
 * the venue's clock with its zone's name and, when the browser said where the player is and
 * that clock reads otherwise, on the player's too; the access code friends join with; the way
 * to My Sessions; and the seat's calendar file (calendar.ts), the same file Events/Calendar
 * answers. Dates are date-fns' (venueWhenOf), zone names Intl's.
 * Every booking's mail renders one, so the Intl formatters are made once per zone (making one
 * costs about 40 µs of CPU; date-fns' tzName makes one per call) and a zone's name at a game's
 * start is kept too (a formatting took 15 µs a mail under load).
 */
import { PAGE_PATHS } from '@questfield/contract';
import type { Env } from '../../config/env';
import {
  mailDraft,
  seatBookedEmail,
  type MailDraft,
  type RenderedEmail,
  type SeatBookedFacts,
} from '../../integrations/email/templates';
import { kept } from '../../lib/kept';
import { venueWhenOf } from '../../lib/slot-schedule';
import { seatCalendarFile } from './calendar';

/**
 * The time zone a browser sent, by its canonical name when this server's Intl knows it
 * ('europe/berlin' is 'Europe/Berlin'); anything else is ignored: a mail with the venue's time
 * only, never a refused seat.
 */
export function knownTimeZone(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  try {
    return zoneNameFormat(name)?.resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Formatters kept, by the zone as named (names as typed vary: past this many it starts over). */
const FORMATS_KEPT = 1_000;

/**
 * A formatter of the hour and the zone's long name in `timeZone` (the hour makes every engine
 * render the name, as date-fns' tzName does); throws a RangeError for an unknown zone.
 */
const zoneNameFormat = kept(
  FORMATS_KEPT,
  (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone, timeZoneName: 'long' }),
);

/** Zone names kept, by zone and moment: a rush books the same few games in a few zones. */
const ZONE_NAMES_KEPT = 10_000;

/** The zone's name at a moment (`zone moment-in-ms`); a formatting costs tens of microseconds. */
const zoneNameAt = kept(ZONE_NAMES_KEPT, (key: string) => {
  const [timeZone = '', ms = ''] = key.split(' ');
  const hourAndName = zoneNameFormat(timeZone)?.format(new Date(Number(ms))) ?? '';
  return hourAndName.split(/\s/g).slice(2).join(' ');
});

/** The zone's name at that moment, 'Central Standard Time' (the hour and AM/PM dropped). */
export function zoneNameOf(timeZone: string, at: Date): string {
  return zoneNameAt(`${timeZone} ${at.getTime()}`) ?? '';
}

/** A seat just taken, as the mail tells it. */
type TakenSeat = {
  registrationId: string;
  startsAt: Date;
  lengthMinutes: number;
  accessCode: string;
};

type ConfirmationEnv = Pick<Env, 'districtName' | 'venueTimezone' | 'publicOrigin'>;

/** The calendar file's media type (no `method`: the file has no METHOD property, RFC 5545). */
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/**
 * The confirmation of `seat`, just taken by `player` (booked ahead, or `joined` by access code),
 * as the outbox keeps it until it is sent (ADR 0044); `timeZone` is the player's as
 * knownTimeZone read it.
 */
export function seatBookedDraft(
  seat: TakenSeat,
  player: { username: string; timeZone: string | undefined; joined: boolean },
): MailDraft {
  const { registrationId, lengthMinutes, accessCode } = seat;
  const { username, joined } = player;
  return mailDraft('seat_booked', {
    registrationId,
    startsAt: seat.startsAt.toISOString(),
    lengthMinutes,
    accessCode,
    username,
    timeZone: player.timeZone ?? null,
    joined,
  });
}

/** Renders a seat's confirmation; `queuedAt` stamps the calendar file. */
export function seatBookedRenderer(env: ConfirmationEnv) {
  const gameUrl = new URL(PAGE_PATHS.game, env.publicOrigin).toString();
  const sessionsUrl = new URL(PAGE_PATHS.dashboard, env.publicOrigin).toString();
  return (facts: SeatBookedFacts, queuedAt: Date): RenderedEmail => {
    const startsAt = new Date(facts.startsAt);
    const { timeZone } = facts;
    const venueStart = venueWhenOf(startsAt, env.venueTimezone);
    const playerStart = timeZone === null ? venueStart : venueWhenOf(startsAt, timeZone);
    const file = seatCalendarFile({ ...facts, startsAt }, env, queuedAt);
    return seatBookedEmail({
      username: facts.username,
      joined: facts.joined,
      place: env.districtName,
      venueStart,
      venueZone: zoneNameOf(env.venueTimezone, startsAt),
      // A zone whose clock reads the same at that moment (an alias, a neighbour) adds nothing.
      playerStart:
        timeZone === null || playerStart === venueStart
          ? null
          : { at: playerStart, zone: zoneNameOf(timeZone, startsAt) },
      accessCode: facts.accessCode,
      gameUrl,
      sessionsUrl,
      calendar: { filename: file.filename, contentType: CALENDAR_TYPE, content: file.calendar },
    });
  };
}
