/**
 * The console's player page (routes `consolePlayer`, the later pages of its lists
 * `consolePlayerCreditHistory`, `consolePlayerBookings`, `consolePlayerOrders`,
 * `consolePlayerGamePasses`, `consolePlayerRedemptions`, `consolePlayerResults`, its actions
 * `consolePlayerCredits`, `consolePlayerSignOut`, and the admins' `consolePlayerRole`,
 * `consolePlayerDelete`): one account's profile, balance and the first page of each of its
 * lists, and what operators may do to it. Credits move through the same service as the command
 * line's grants; staff move at most a limit per action (a runtime setting,
 * STAFF_CREDIT_LIMIT_DEFAULT until one is stored), admins up to the command line's
 * OPERATOR_LIMITS.creditsPerGrant. Roles and deletions are the command line's own, by id.
 */
import { z } from 'zod';
import { ROLES } from './accounts';
import { creditHistoryRequest, creditPosting, creditsText } from './credits';
import { myBestsResponse } from './games';
import { consoleReason, OPERATOR_CODE_KINDS, OPERATOR_LIMITS, seatSource } from './operator';
import { publicOrder } from './orders';
import { userMessage } from './user-message';

/** The most credits staff grant or deduct in one action until the setting says otherwise. */
export const STAFF_CREDIT_LIMIT_DEFAULT = 10;

const CREDIT_CHANGES = ['grant', 'deduct'] as const;
export type CreditChange = (typeof CREDIT_CHANGES)[number];

/** CREDIT_LIMIT_EXCEEDED with the asking operator's limit. */
export function creditLimitMessage(limit: number): string {
  return `You can grant or deduct at most ${creditsText(limit)} at a time.`;
}

/** CREDIT_BUDGET_EXCEEDED with the staff member's budget per venue day and what is left of it. */
export function creditBudgetMessage(budget: number, left: number): string {
  return left === 0
    ? `You have granted or deducted your ${creditsText(budget)} for today (until midnight, venue time): an admin can act, or raise the budget in Settings.`
    : `You can grant or deduct ${creditsText(left)} more today (${creditsText(budget)} a venue day, from midnight venue time): an admin can act, or raise the budget in Settings.`;
}

/** BALANCE_TOO_LOW with the balance a deduction would have taken below zero. */
export function balanceTooLowMessage(balance: number): string {
  return `The balance is ${creditsText(balance)}: a deduction cannot take it below zero.`;
}

const playerId = z.uuid();

export const consolePlayerRequest = z.strictObject({ playerId });

export const consolePlayerCreditHistoryRequest = creditHistoryRequest.extend({ playerId });

/** Rows a page of each of the player's lists (the credit history's: CREDIT_HISTORY_PAGE_SIZE). */
export const PLAYER_BOOKINGS_PAGE_SIZE = 20;
export const PLAYER_ORDERS_PAGE_SIZE = 20;
export const PLAYER_PASSES_PAGE_SIZE = 20;
export const PLAYER_REDEMPTIONS_PAGE_SIZE = 20;
export const PLAYER_RESULTS_PAGE_SIZE = 20;

/**
 * A later page of one of the player's lists; `cursor` is the `nextCursor` of the page before
 * (opaque: a cursor the server did not make is refused), absent for the first page.
 */
export const consolePlayerListRequest = z.strictObject({
  playerId,
  cursor: z.string().min(1).max(200).optional(),
});

/** The seats are two lists, each paged on its own: games to come and games played. */
const SEAT_LISTS = ['upcoming', 'past'] as const;
export type SeatList = (typeof SEAT_LISTS)[number];

export const consolePlayerBookingsRequest = consolePlayerListRequest.extend({
  list: z.enum(SEAT_LISTS),
});

const WHOLE_CREDITS = userMessage('Enter a whole number of credits.');
const AT_LEAST_ONE = userMessage('Enter at least 1 credit.');

/** Credits moved in one action: a whole number from 1 to `limit`. */
const creditAmount = (limit: number, tooMany = creditLimitMessage(limit)) =>
  z.number({ error: WHOLE_CREDITS }).int(WHOLE_CREDITS).min(1, AT_LEAST_ONE).max(limit, tooMany);

/** A grant or a deduction, with the reason the audit log keeps. */
export const consolePlayerCreditsRequest = z.strictObject({
  playerId,
  change: z.enum(CREDIT_CHANGES),
  credits: creditAmount(
    OPERATOR_LIMITS.creditsPerGrant,
    userMessage(creditLimitMessage(OPERATOR_LIMITS.creditsPerGrant)),
  ),
  reason: consoleReason('Say why: the reason goes into the audit log.'),
});
export type ConsolePlayerCreditsRequest = z.infer<typeof consolePlayerCreditsRequest>;

/**
 * The console's form for it: held to the operator's limit (`consolePlayer`'s creditLimit)
 * and, for a deduction, to the balance, with the words the server would answer.
 */
export function creditChangeForm(limit: number, balance: number) {
  return consolePlayerCreditsRequest
    .omit({ playerId: true })
    .extend({ credits: creditAmount(limit) })
    .refine((form) => form.change === 'grant' || form.credits <= balance, {
      path: ['credits'],
      message: balanceTooLowMessage(balance),
    });
}

export const consolePlayerSignOutResponse = z.object({
  /** How many sign-in sessions ended. */
  signedOut: z.number().int().nonnegative(),
});

/** An admin's change of the player's role: the command line's `users set-role`, by id. */
export const consolePlayerRoleRequest = z.strictObject({ playerId, role: z.enum(ROLES) });
export type ConsolePlayerRoleRequest = z.infer<typeof consolePlayerRoleRequest>;

export const consolePlayerRoleResponse = z.object({
  role: z.enum(ROLES),
  /** False when the account had this role already (nothing changed, nobody signed out). */
  changed: z.boolean(),
  /** Sign-in sessions ended by the change. */
  signedOut: z.number().int().nonnegative(),
});

/** What an admin's deletion took (the command line's `users delete`, by id). */
export const consolePlayerDeleteResponse = z.object({
  /** Seats given up on games that had not started. */
  seats: z.number().int().nonnegative(),
  /** The balance forfeited, without a refund. */
  forfeited: z.number().int().nonnegative(),
});

/** A page of one of the player's lists: `nextCursor` asks for the next, null on the last. */
const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ entries: z.array(row), nextCursor: z.string().nullable() });

/** A posting as operators see it: with the reason an operator gave for a grant or deduction. */
const consolePosting = creditPosting.extend({ note: z.string().nullable() });

export const consolePlayerCreditHistoryResponse = pageOf(consolePosting);

const seat = z.object({
  startsAt: z.iso.datetime(),
  source: seatSource,
  bookedAt: z.iso.datetime(),
});

const gamePass = z.object({
  /** 'Game Pass …2P4D': never the code. */
  label: z.string(),
  orderNumber: z.string(),
  /** Bought by this player (else redeemed by them from someone else's order). */
  owned: z.boolean(),
  redeemedAt: z.iso.datetime().nullable(),
  /** Redeemed, and by this player (an owned pass may have been given away). */
  redeemedByPlayer: z.boolean(),
});

const redemption = z.object({
  label: z.string(),
  kind: z.enum(OPERATOR_CODE_KINDS),
  credits: z.number().int(),
  redeemedAt: z.iso.datetime(),
});

const gameResult = z.object({
  at: z.iso.datetime(),
  score: z.number().int(),
  timeMs: z.number().int(),
  distance: z.number().int(),
});

export const consolePlayerBookingsResponse = pageOf(seat);
export const consolePlayerOrdersResponse = pageOf(publicOrder);
export const consolePlayerGamePassesResponse = pageOf(gamePass);
export const consolePlayerRedemptionsResponse = pageOf(redemption);
export const consolePlayerResultsResponse = pageOf(gameResult);

export const consolePlayerResponse = z.object({
  profile: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    createdAt: z.iso.datetime(),
    twoFactorEnabled: z.boolean(),
  }),
  balance: z.number().int().nonnegative(),
  /** The most credits the asking operator may grant or deduct in one action. */
  creditLimit: z.number().int().positive(),
  creditHistory: consolePlayerCreditHistoryResponse,
  /** The first page of the games to come (soonest first) and of those played (latest first). */
  bookings: z.object({
    upcoming: consolePlayerBookingsResponse,
    past: consolePlayerBookingsResponse,
  }),
  /** The first page of each list, newest first. */
  orders: consolePlayerOrdersResponse,
  gamePasses: consolePlayerGamePassesResponse,
  redemptions: consolePlayerRedemptionsResponse,
  /** The player's all-time best and rank on each board, and the first page of the results. */
  leaderboard: z.object({ bests: myBestsResponse, results: consolePlayerResultsResponse }),
});
export type ConsolePlayer = z.infer<typeof consolePlayerResponse>;
