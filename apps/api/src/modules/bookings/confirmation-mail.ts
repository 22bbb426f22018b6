/**
 * The mail a seat booked or joined sends the player (ADR 0032), queued in the seat's own
 * transaction as a draft of the facts and rendered when it is sent (ADR 0044): the start on
 * the venue's clock with its zone's name and, when the browser said where the player is and
 * that clock reads otherwise, on the player's too; the access code friends join with; the way
 * to My Sessions; and the seat's calendar file (calendar.ts), the same file Events/Calendar
 * answers. Times are the contract's clock (clock.ts) with the venue's details as they are when
 * the mail is sent (ADR 0057). A browser's zone name is read once per name (making an Intl
 * formatter costs about 40 µs of CPU).
 */
import { inviteLink, PAGE_PATHS, type VenueDetails } from '@questfield/contract';
import type { Env } from '../../config/env';
import {
  mailDraft,
  seatBookedEmail,
  type MailDraft,
  type RenderedEmail,
  type SeatBookedFacts,
} from '../../integrations/email/templates';
import { kept } from '../../lib/kept';
import { seatCalendarFile } from './calendar';

/**
 * The time zone a browser sent, by its canonical name when this server's Intl knows it
 * ('europe/berlin' is 'Europe/Berlin'); anything else is ignored: a mail with the venue's time
 * only, never a refused seat.
 */
export function knownTimeZone(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  try {
    return canonicalZone(name) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Zone names kept, as named (names as typed vary: past this many it starts over). */
const ZONES_KEPT = 1_000;

/** The canonical name of a zone as named; throws a RangeError for an unknown zone. */
const canonicalZone = kept(
  ZONES_KEPT,
  (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone,
);

/** A seat just taken, as the mail tells it. */
type TakenSeat = {
  registrationId: string;
  startsAt: Date;
  lengthMinutes: number;
  accessCode: string;
};

type ConfirmationEnv = Pick<Env, 'publicOrigin'>;

/** The calendar file's media type (no `method`: the file has no METHOD property, RFC 5545). */
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/**
 * The confirmation of `seat`, just taken by `player` (booked ahead, or `joined` by access code),
 * as the outbox keeps it until it is sent (ADR 0044); `timeZone` is the player's as
 * knownTimeZone read it; `party`, the seat's party when it has one.
 */
export function seatBookedDraft(
  seat: TakenSeat,
  player: { username: string; timeZone: string | undefined; joined: boolean },
  party: { invites: string[] } | { guestOf: string } | undefined = undefined,
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
    // A party's (ADR 0065): the leader's invites, or the guest's leader. The draft is sealed
    // in the outbox (ADR 0044), so the invites are not at rest in plain text.
    ...party,
  });
}

/** Renders a seat's confirmation; `queuedAt` stamps the calendar file. */
export function seatBookedRenderer(env: ConfirmationEnv) {
  const gameUrl = new URL(PAGE_PATHS.game, env.publicOrigin).toString();
  const sessionsUrl = new URL(PAGE_PATHS.dashboard, env.publicOrigin).toString();
  return (facts: SeatBookedFacts, queuedAt: Date, venue: VenueDetails): RenderedEmail => {
    const startsAt = new Date(facts.startsAt);
    const file = seatCalendarFile({ ...facts, startsAt }, env, venue, queuedAt);
    return seatBookedEmail(
      {
        username: facts.username,
        joined: facts.joined,
        startsAt: facts.startsAt,
        // A zone whose clock reads the same at that moment (an alias, a neighbour) adds nothing:
        // the clock leaves it out.
        timeZone: facts.timeZone,
        accessCode: facts.accessCode,
        gameUrl,
        sessionsUrl,
        calendar: { filename: file.filename, contentType: CALENDAR_TYPE, content: file.calendar },
        inviteLinks: (facts.invites ?? []).map((token) => inviteLink(env.publicOrigin, token)),
        guestOf: facts.guestOf ?? null,
      },
      venue,
    );
  };
}
