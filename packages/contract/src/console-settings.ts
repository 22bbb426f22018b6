/**
 * The console's settings screen (route `consoleSettings` for staff; `consoleSettingsChange` and
 * `consoleStaffCreditLimit` for admins) and the command line's `settings` and `venues`
 * commands (operator.ts), which read and change the same values: the multiplayer switch, the
 * most credits staff move in one action, and venue networks (ADR 0025). A venue network is an
 * address range of the venue, where many players share one public address (its Wi-Fi behind one
 * router); from it, the per-address limits on sign-ups and code entry are raised to one number,
 * the same for every venue network. The API reads ranges with ipaddr.js; the reasons it gives
 * for a range it refuses are here.
 */
import { z } from 'zod';
import { SLOT_CAPACITY } from './constants';
import { userMessage } from './user-message';
import { venueDetails } from './venue';

export const VENUE_NETWORKS = {
  /** The most ranges listed. */
  max: 50,
  /** The widest range taken: a /16 of IPv4 (65,536 addresses), a /48 of IPv6 (one site). */
  widestIpv4: 16,
  widestIpv6: 48,
  nameLength: 60,
  /** The raised limit: at least one full game of players, who may all arrive at once. */
  limitMin: SLOT_CAPACITY,
  limitMax: 10_000,
  limitDefault: 100,
} as const;

const plain = new Intl.NumberFormat('en-US');

export const VENUE_RANGE_MESSAGES = {
  malformed: userMessage(
    'Write the range as an address and a prefix length, e.g. 203.0.113.0/24 or 2001:db8:5::/48.',
  ),
  tooWide: userMessage(
    `That range is too wide: a venue network is at most a /${VENUE_NETWORKS.widestIpv4} of IPv4 or a /${VENUE_NETWORKS.widestIpv6} of IPv6.`,
  ),
  mapped: userMessage('Write an IPv4 range in IPv4 form, e.g. 203.0.113.0/24.'),
} as const;

/** A range written from an address inside it: the one its first address names. */
export function venueRangeStartMessage(written: string, start: string): string {
  return `${written} is not where its range starts: write ${start}.`;
}

/** The shape of a range; the API's parse (ipaddr.js) decides the rest. */
const RANGE_SHAPE = /^[0-9A-Fa-f:.]{2,45}\/\d{1,3}$/;

export const venueRange = z
  .string({ error: VENUE_RANGE_MESSAGES.malformed })
  .trim()
  .regex(RANGE_SHAPE, VENUE_RANGE_MESSAGES.malformed);

export const venueNetwork = z.strictObject({
  name: z
    .string({ error: userMessage('Name the network, e.g. Main hall Wi-Fi.') })
    .trim()
    .min(1, userMessage('Name the network, e.g. Main hall Wi-Fi.'))
    .max(
      VENUE_NETWORKS.nameLength,
      userMessage(`The name is at most ${VENUE_NETWORKS.nameLength} characters.`),
    ),
  range: venueRange,
});
export type VenueNetwork = z.infer<typeof venueNetwork>;

const VENUE_LIMIT_RANGE = userMessage(
  `Enter a whole number from ${VENUE_NETWORKS.limitMin} to ${plain.format(VENUE_NETWORKS.limitMax)}.`,
);
export const venueLimit = z
  .number({ error: VENUE_LIMIT_RANGE })
  .int(VENUE_LIMIT_RANGE)
  .min(VENUE_NETWORKS.limitMin, VENUE_LIMIT_RANGE)
  .max(VENUE_NETWORKS.limitMax, VENUE_LIMIT_RANGE);

/**
 * What the console may move in a venue day (issue "money and authority"): the credits one staff
 * member grants and deducts in all, the codes one console batch holds, and the credits that the
 * console's code batches of the day hold in all (a code's credits times the batch's codes); and
 * where a second admin's approval starts (ADR 0053): an admin's grants of the day past
 * `adminDailyCredits`, a batch holding more than `batchApprovalCredits`. The command line is held
 * to none of them: it runs on the server's machine, and audits alike.
 */
export const MONEY_LIMITS = {
  defaults: {
    staffDailyCredits: 100,
    codesPerBatch: 1_000,
    codeCreditsPerDay: 10_000,
    adminDailyCredits: 500,
    batchApprovalCredits: 1_000,
  },
  max: {
    // OPERATOR_LIMITS' credits per grant, codes per batch, and their batch's most credits.
    staffDailyCredits: 100_000,
    codesPerBatch: 10_000,
    codeCreditsPerDay: 10_000_000,
    adminDailyCredits: 100_000,
    batchApprovalCredits: 10_000_000,
  },
} as const;
export type MoneyLimits = { [K in keyof typeof MONEY_LIMITS.defaults]: number };

const moneyLimit = (max: number) => {
  const range = userMessage(`Enter a whole number from 0 to ${max.toLocaleString('en-US')}.`);
  return z.number({ error: range }).int(range).min(0, range).max(max, range);
};
export const moneyLimits = z.strictObject({
  staffDailyCredits: moneyLimit(MONEY_LIMITS.max.staffDailyCredits),
  codesPerBatch: moneyLimit(MONEY_LIMITS.max.codesPerBatch),
  codeCreditsPerDay: moneyLimit(MONEY_LIMITS.max.codeCreditsPerDay),
  adminDailyCredits: moneyLimit(MONEY_LIMITS.max.adminDailyCredits),
  batchApprovalCredits: moneyLimit(MONEY_LIMITS.max.batchApprovalCredits),
});

/** Every setting of the screen, as stored now (not a process's copy of it). */
export const consoleSettingsResponse = z.object({
  multiplayer: z.boolean(),
  /** The most credits staff grant or deduct in one action. */
  staffCreditLimit: z.number().int(),
  /** What the console may move in a venue day (MONEY_LIMITS). */
  moneyLimits,
  /** How many minutes before a game's start players may still cancel their seat. */
  cancelCutoffMinutes: z.number().int(),
  /** How many minutes a seat offered from the waitlist is held for its player. */
  waitlistHoldMinutes: z.number().int(),
  /** How many minutes after a game's start a seat without a join is a no-show. */
  noShowGraceMinutes: z.number().int(),
  /** What each per-address limit below is raised to in a venue network. */
  venueLimit: z.number().int(),
  venueNetworks: z.array(z.object({ name: z.string(), range: z.string() })),
  /** The venue's name, address, contact and clock (venue.ts); its time zone is read-only. */
  venue: venueDetails,
  /** The per-address limits everywhere else, for comparison. */
  ordinaryLimits: z.object({
    signUpsPer10Minutes: z.number().int(),
    signUpsPerDay: z.number().int(),
    codesPerMinute: z.number().int(),
  }),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsResponse>;
