/**
 * The waitlist of a full game (issue 23 item 4; ADR 0034): a player joins the line of a full
 * slot for free (one place per player and slot) and may leave it at any time. When a seat frees
 * (a cancellation, a raised capacity, a deleted account), the first player waiting is offered
 * it: a mail and a banner in the app hold that seat for them for a while (a runtime setting,
 * WAITLIST.holdDefaultMinutes until an admin stores another). Accepting books it for
 * GAME_COST_CREDITS; declining or letting the hold lapse passes it to the next in line. No offer
 * is made within WAITLIST.offersStopMinutes of the start.
 */
import { z } from 'zod';
import { playerTimeZone } from './events';
import { bookingSeats, partyView } from './parties';
import { userMessage } from './user-message';

export const WAITLIST = {
  /** No seat is offered, and nobody joins a line, this close to the start. */
  offersStopMinutes: 30,
  /** How long an offered seat is held, until an admin sets another… */
  holdDefaultMinutes: 15,
  /** …from this… */
  holdMinMinutes: 5,
  /** …to this. */
  holdMaxMinutes: 120,
  /** Offers let lapse in a venue day that put the player behind everyone else in line. */
  lapsesToLineEnd: 2,
  /** How often a signed-in browser asks for the player's places and offers. */
  pollMs: 15_000,
} as const;

/**
 * The offer mail's link goes to the dashboard with this hash: the offer's banner (on every
 * page) takes the focus when it shows, so the player lands on Accept and Decline.
 */
export const WAITLIST_OFFER_HASH = '#seat-offer';

const HOLD_RANGE = userMessage(
  `Enter a whole number of minutes from ${WAITLIST.holdMinMinutes} to ${WAITLIST.holdMaxMinutes}.`,
);
/** How many minutes an offered seat is held for the player it is offered to. */
export const waitlistHoldMinutes = z
  .number({ error: HOLD_RANGE })
  .int(HOLD_RANGE)
  .min(WAITLIST.holdMinMinutes, HOLD_RANGE)
  .max(WAITLIST.holdMaxMinutes, HOLD_RANGE);

const SLOT_UNKNOWN = userMessage('This session can no longer be booked.');

/** Waitlist/Join, Leave, Accept and Decline: the game, by its start as listed (ISO 8601). */
export const waitlistSlotRequest = z.strictObject({
  EventTime: z.iso.datetime({ offset: true, error: SLOT_UNKNOWN }),
});
export type WaitlistSlotRequest = z.input<typeof waitlistSlotRequest>;

/**
 * Waitlist/Join: the game, and the player's time zone as the browser names it, kept with the
 * place so its mails (the offer, the line's end) show the player's clock too (ADR 0057); with
 * `seats` above 1, a party's one place: its seats are offered together or not at all, and the
 * leader holds GAME_COST_CREDITS for each (ADR 0066).
 */
export const waitlistJoinRequest = waitlistSlotRequest.extend({
  timeZone: playerTimeZone,
  seats: bookingSeats.optional(),
});
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequest>;

const waitlistEntry = z.object({
  /** The game's start, ISO 8601 UTC. */
  EventTime: z.string(),
  /** 'Old Mill District|10:00 AM': the district and the start in venue time. */
  event_id: z.string(),
  /** The start on the venue's clock, in words: 'Monday, June 1, 2026 at 6:30 PM'. */
  when: z.string(),
  /** The game's venue day, 'YYYY-MM-DD': the day whose seat stream reports its changes. */
  day: z.string(),
  /** 'waiting' in line, or 'offered': the seats are held for the player until `offerExpiresAt`. */
  status: z.enum(['waiting', 'offered']),
  /** The seats the place asks for (and an offer holds): 1, or the party's (ADR 0066). */
  seats: z.number().int().positive(),
  /** The place in line while waiting (1: the next seat is offered to this player); null offered. */
  place: z.number().int().positive().nullable(),
  /** When the hold ends (ISO 8601 UTC); null while waiting. */
  offerExpiresAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

/** The player's places in line and seats offered, on games that have not started, soonest first. */
export const waitlistStateResponse = z.object({
  entries: z.array(waitlistEntry),
  /** How many minutes a seat offered now would be held (the venue's setting). */
  holdMinutes: z.number().int().positive(),
});
export type WaitlistState = z.infer<typeof waitlistStateResponse>;

/** Waitlist/Accept: the seat booked from the offer, and the balance after it. */
export const waitlistAcceptResponse = z.object({
  EventTime: z.string(),
  /** The seat (a party's: the leader's), for Events/CancelRegistration. */
  registrationId: z.string(),
  credits: z.number().int().nonnegative(),
  /** A party's offer: the party booked, with its guests' invites (absent for one seat). */
  party: partyView.optional(),
});
/** @internal Exported for tests. */
export type WaitlistAcceptResponse = z.infer<typeof waitlistAcceptResponse>;

/**
 * The player's live offer signal (ADR 0061, ADR 0063): each signed-in tab's one stream
 * (GET /api/Events/SeatStream, seat-stream.ts) is sent an event whenever a seat is offered to
 * the player, in any server process; the banner then reads Waitlist/Mine at once.
 */
export const OFFER_STREAM = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
  /** Open streams at once per player (their tabs), in a process. */
  perPlayer: 4,
} as const;

/** An offer event's data: that a seat was offered (the banner reads which itself). */
export const offerStreamEvent = z.object({ offered: z.literal(true) });
