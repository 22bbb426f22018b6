/**
 * Playing together (issue 43; ADR 0065): a party booking. A player books up to PARTY.maxSeats
 * seats on one game in one go, GAME_COST_CREDITS a seat, from their own balance, all or nothing.
 * One seat is theirs (the leader's); each other one is a guest seat with its own invite link.
 * A friend who opens the link and signs in (or signs up) claims the seat, free to them; one
 * seat per person per game. The invite is single-use, unguessable, names nobody's e-mail, and
 * ends with the game. An unclaimed guest seat stays the leader's: the leader may cancel it under
 * the cut-off (its credits back to the leader), and it stays the leader's if nobody claims it.
 * Whoever gives a guest seat back, its credits go back to whoever paid for it: the leader.
 */
import { z } from 'zod';
import { PAGE_PATHS } from './pages';
import { userMessage } from './user-message';

export const PARTY = {
  /** The most seats one party booking takes, the leader's own included. */
  maxSeats: 6,
  /** The fewest: a party is the leader and at least one guest. */
  minSeats: 2,
} as const;

/**
 * The page a guest opens. The invite travels in the URL's fragment (`/invite#<token>`), which a
 * browser never sends to a server: no access log, proxy or Referer ever holds it. The invite
 * link of a token on this site's origin:
 */
export function inviteLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${PAGE_PATHS.invite}#${token}`;
}

const INVITE_NOT_VALID = userMessage('This invite link is not valid.');

/**
 * An invite as the page reads it from the link: base64url, a seat's id and its MAC (the server
 * alone can make one). Anything else is refused here with one message.
 */
export const inviteToken = z
  .string({ error: INVITE_NOT_VALID })
  .regex(/^[A-Za-z0-9_-]{40,64}$/, INVITE_NOT_VALID);

/** How many seats a booking takes: 1 (the player's own) or a party of PARTY.minSeats or more. */
export const bookingSeats = z
  .number({ error: userMessage(`Choose from 1 to ${PARTY.maxSeats} seats.`) })
  .int(userMessage(`Choose from 1 to ${PARTY.maxSeats} seats.`))
  .min(1, userMessage(`Choose from 1 to ${PARTY.maxSeats} seats.`))
  .max(PARTY.maxSeats, userMessage(`Choose from 1 to ${PARTY.maxSeats} seats.`));

/** One seat of a party as its members see it. */
const partySeat = z.object({
  /** The seat's id (an unclaimed seat's, for Events/CancelRegistration by its leader). */
  seatId: z.string(),
  /** 'leader': the leader's own; 'guest': claimed by a friend; 'open': not claimed yet. */
  state: z.enum(['leader', 'guest', 'open']),
  /** Who sits there (the leader, or the guest who claimed it); null while open. */
  username: z.string().nullable(),
  /** True for the seat of the player asking. */
  you: z.boolean(),
  /** The open seat's invite token (to build its link and QR code): only its leader sees it. */
  invite: z.string().nullable(),
});
export type PartySeat = z.infer<typeof partySeat>;

/** A party of a game not ended yet, as its leader or one of its guests sees it. */
export const partyView = z.object({
  partyId: z.string(),
  /** The game's start (ISO 8601 UTC). */
  EventTime: z.string(),
  /** Minutes. */
  EventLength: z.number().int().positive(),
  leader: z.string(),
  /** True when the player asking leads it. */
  leading: z.boolean(),
  /** The leader's seat first, then the guest seats, each in a place it keeps when claimed. */
  seats: z.array(partySeat),
});
export type PartyView = z.infer<typeof partyView>;

/** Parties/Mine: the parties the player leads or is a guest of, on games not ended yet. */
export const partiesMineResponse = z.object({ parties: z.array(partyView) });

/** Parties/Invite (public): what an invite offers, before the visitor signs in to claim it. */
export const partyInviteRequest = z.strictObject({ invite: inviteToken });

export const partyInviteResponse = z.object({
  /** The game's start (ISO 8601 UTC). */
  EventTime: z.string(),
  /** Minutes. */
  EventLength: z.number().int().positive(),
  /** Who invites: the leader's username, never an e-mail. */
  leader: z.string(),
  /**
   * 'open': the seat can be claimed; 'claimed': someone took it (the link is used up);
   * 'ended': the game is over, or was cancelled, or the seat was given back.
   */
  status: z.enum(['open', 'claimed', 'ended']),
});
export type PartyInviteResponse = z.infer<typeof partyInviteResponse>;

// Parties/Claim's request is in events.ts, beside the booking's (it takes the player's zone);
// its answer is a booking's (registerEventResponse).
