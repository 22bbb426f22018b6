/**
 * The mail a seat booked or joined sends the player (ADR 0032), queued in the seat's own
 * transaction: the start on the venue's clock with its zone's name and, when the browser said
 * where the player is and that clock reads otherwise, on the player's too; the access code
 * friends join with; the way to My Sessions; and the seat's calendar file (calendar.ts), the
 * same file Events/Calendar answers. Dates are date-fns' (venueWhenOf), zone names Intl's.
 */
import { tzName } from '@date-fns/tz';
import { PAGE_PATHS } from '@questfield/contract';
import type { Env } from '../../config/env';
import { seatBookedEmail, type RenderedEmail } from '../../integrations/email/templates';
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
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
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
 * The confirmation of `seat`, just taken by `player` (booked ahead, or `joined` by access code);
 * `timeZone` is the player's as knownTimeZone read it, `now` stamps the calendar file.
 */
export function seatBookedMail(
  seat: TakenSeat,
  player: { username: string; timeZone: string | undefined; joined: boolean },
  env: ConfirmationEnv,
  now: Date,
): RenderedEmail {
  const { startsAt } = seat;
  const venueStart = venueWhenOf(startsAt, env.venueTimezone);
  const playerStart =
    player.timeZone === undefined ? venueStart : venueWhenOf(startsAt, player.timeZone);
  const file = seatCalendarFile(seat, env, now);
  return seatBookedEmail({
    username: player.username,
    joined: player.joined,
    place: env.districtName,
    venueStart,
    venueZone: tzName(env.venueTimezone, startsAt),
    // A zone whose clock reads the same at that moment (an alias, a neighbour) adds nothing.
    playerStart:
      player.timeZone === undefined || playerStart === venueStart
        ? null
        : { at: playerStart, zone: tzName(player.timeZone, startsAt) },
    accessCode: seat.accessCode,
    gameUrl: new URL(PAGE_PATHS.game, env.publicOrigin).toString(),
    sessionsUrl: new URL(PAGE_PATHS.dashboard, env.publicOrigin).toString(),
    calendar: { filename: file.filename, contentType: CALENDAR_TYPE, content: file.calendar },
  });
}
