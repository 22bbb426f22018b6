/**
 * Games on the wire (spec §3 game data, §4 booking, §7 Events/*; security.md W12, W13): the
 * slots of a date, booking one, and the player's next game. The browser names a slot by its
 * start (`EventTime`); the spec's other fields are accepted and ignored, because who books comes
 * from the session and the time, name and length from the slot.
 */
import { z } from 'zod';
import { ERRORS } from './errors';
import { bookingSeats, inviteToken, partyView } from './parties';
import { userMessage } from './user-message';

const DATE_INPUT_INVALID = userMessage('Date input not valid.');

export const availableTimesRequest = z.strictObject({
  /** A day of the venue's calendar, YYYY-MM-DD. */
  date: z.iso.date({ error: DATE_INPUT_INVALID }),
});
export type AvailableTimesRequest = z.input<typeof availableTimesRequest>;

const availableTime = z.object({
  /** The start, ISO 8601 UTC. */
  EventTime: z.string(),
  SpotsAvailable: z.number().int().nonnegative(),
  Capacity: z.number().int().positive(),
  /** 'Old Mill District|10:00 AM': the district and the start in venue time. */
  event_id: z.string(),
});
export type AvailableTime = z.infer<typeof availableTime>;

/** The future slots of the date, earliest first. */
export const availableTimesResponse = z.array(availableTime);

/** Events/DayStatus's query string: a day of the venue's calendar, YYYY-MM-DD. */
export const dayStatusQuery = z.strictObject({
  date: z.iso.date({ error: DATE_INPUT_INVALID }),
});

/**
 * Whether the day is closed: the reason an operator gave when blocking it (plain text), or null
 * (open, or a day before today); and its games not started that an operator closed on their own
 * with a reason (`slots`, earliest first: each start as an available time gives it, and the
 * reason as plain text), which Events/GetAvailableEventTimes no longer lists.
 */
const closedSlot = availableTime.pick({ EventTime: true, event_id: true }).extend({
  reason: z.string(),
});
export type ClosedSlot = z.infer<typeof closedSlot>;
export const dayStatusResponse = z.object({
  closed: z.string().nullable(),
  slots: z.array(closedSlot),
});
export type DayStatus = z.infer<typeof dayStatusResponse>;

/** A field of the spec's request that the server does not read. */
const ignored = z.union([z.string().max(256), z.number(), z.boolean(), z.null()]).optional();

const REGISTER_FAILED = userMessage(ERRORS.REGISTER_EVENT_FAILED.message);

/** IANA's longest zone names are about 30 characters. */
const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The player's time zone as the browser names it (IANA, `Intl.DateTimeFormat().resolvedOptions()
 * .timeZone`), so the booking's confirmation mail, and the seat's later mails, show the start on
 * the player's clock as well as the venue's (ADR 0032, ADR 0057). Never a reason to refuse a seat: anything but a short string is
 * dropped here, and a name the server does not know is ignored there.
 */
export const playerTimeZone = z.string().max(TIME_ZONE_MAX_LENGTH).optional().catch(undefined);

export const registerEventRequest = z.strictObject({
  /** The slot's start as listed (ISO 8601). */
  EventTime: z.iso.datetime({ offset: true, error: REGISTER_FAILED }),
  timeZone: playerTimeZone,
  /** Seats to take: absent or 1, the player's own; more, a party (parties.ts, ADR 0065). */
  seats: bookingSeats.optional(),
  UserId: ignored,
  event_id: ignored,
  EventType: ignored,
  EventName: ignored,
  EventLength: ignored,
  RegistrationTime: ignored,
  email_id: ignored,
  PhoneNumber: ignored,
});
export type RegisterEventRequest = z.input<typeof registerEventRequest>;

/** Parties/Claim (signed in): takes the invite's seat for the player, free (ADR 0065). */
export const partyClaimRequest = z.strictObject({ invite: inviteToken, timeZone: playerTimeZone });

/** Spec §3 game data, as /game and the game frame read it. */
const gameData = z.object({
  /** The start, UTC, 'YYYY-MM-DD HH:MM:SS'. */
  gametime: z.string(),
  eventid: z.string(),
  /** Minutes. */
  gamelength: z.number().int().positive(),
  redirecturl: z.string(),
  homeurl: z.string(),
});
export type GameData = z.infer<typeof gameData>;

export const registerEventResponse = z.object({
  /** The start, ISO 8601 UTC (the spec's 'Event registered at' alert formats it). */
  EventTime: z.string(),
  gamedata: gameData,
  /** Friends join this game with it on /game. */
  accessCode: z.string(),
  /** The balance after the booking (a repeated booking charges nothing). */
  credits: z.number().int().nonnegative(),
  /** True when the player already had this seat: nothing was charged again. */
  repeated: z.boolean(),
  /** The seat's signed game ticket, which /game hands to the game frame (W14). */
  ticket: z.string(),
  /** The seat, for Events/CancelRegistration. */
  registrationId: z.string(),
  /** The cut-off in force: the seat can be cancelled until this many minutes before the start. */
  cancelCutoffMinutes: z.number().int().nonnegative(),
  /** The party a booking of several seats made, with its invites; absent for one seat. */
  party: partyView.optional(),
});
export type RegisterEventResponse = z.infer<typeof registerEventResponse>;

const MAX_LOOKBACK_HOURS = 168;

export const checkUserEventRequest = z.strictObject({
  /** The spec sends the username; the session decides whose games are read. */
  username: ignored,
  hours: z.number().int().min(1).max(MAX_LOOKBACK_HOURS),
});

const userEvent = z.object({
  EventTime: z.string(),
  EventName: z.string(),
  event_id: z.string(),
  /** Minutes. */
  EventLength: z.number().int().positive(),
  accessCode: z.string(),
  /** The seat's signed game ticket, which /game hands to the game frame (W14). */
  ticket: z.string(),
  /** The seat, for Events/CancelRegistration. */
  registrationId: z.string(),
  /** The cut-off in force: the seat can be cancelled until this many minutes before the start. */
  cancelCutoffMinutes: z.number().int().nonnegative(),
});
export type UserEvent = z.infer<typeof userEvent>;

/**
 * The player's games that started within the look-back and have not ended, earliest first:
 * the first is the one the countdown follows.
 */
export const checkUserEventResponse = z.array(userEvent);

/** An access code as typed on /game: case, spaces and dashes do not matter. */
export const accessCodeRequest = z.strictObject({
  accessCode: z
    .string()
    .trim()
    .min(1, userMessage(ERRORS.ACCESS_CODE_REQUIRED.message))
    .max(64, userMessage(ERRORS.ACCESS_CODE_INVALID.message)),
});
export type AccessCodeRequest = z.input<typeof accessCodeRequest>;

/** Joining the game an access code opens, with the player's time zone for the mail. */
export const joinByAccessCodeRequest = accessCodeRequest.extend({ timeZone: playerTimeZone });
export type JoinByAccessCodeRequest = z.input<typeof joinByAccessCodeRequest>;

/** The game an access code opens, while it can be joined (its first 30 minutes). */
const gameByAccessCode = z.object({
  /** The start, ISO 8601 UTC. */
  date: z.string(),
  /** The room's name: the district. */
  roomName: z.string(),
  eventId: z.string(),
  spotsAvailable: z.number().int().nonnegative(),
});
export type GameByAccessCode = z.infer<typeof gameByAccessCode>;

/** The spec reads the first element. */
export const gameByAccessCodeResponse = z.array(gameByAccessCode);
