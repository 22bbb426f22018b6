/**
 * Codes on the wire (spec §3 Item, §4, §5, §7; security.md W9–W11): the redeem modal's
 * Users/RedeemCode, and the items service of /experience-card and /game. The browser sends a
 * code or an item id; the server decides everything else and answers the spec's texts.
 */
import { z } from 'zod';
import { ERRORS } from './errors';
import { userMessage } from './user-message';

/** Longer than any code we issue (a Game Pass is 14 characters with its dashes). */
export const CODE_INPUT_MAX = 64;

/** A code as typed: case, spaces and dashes do not matter (the server normalises). */
const codeInput = (tooLong: string) =>
  z
    .string()
    .trim()
    .min(1, userMessage(ERRORS.CODE_REQUIRED.message))
    .max(CODE_INPUT_MAX, userMessage(tooLong));

export const redeemCodeRequest = z.strictObject({
  code: codeInput(ERRORS.PROMO_INVALID.message),
});
export type RedeemCodeRequest = z.input<typeof redeemCodeRequest>;

/** Items/GetByName and Items/Redeem: `name` is the code. */
export const itemByNameRequest = z.strictObject({
  name: codeInput(ERRORS.CODE_INVALID.message),
});
export type ItemByNameRequest = z.input<typeof itemByNameRequest>;

export const itemByIdRequest = z.strictObject({
  id: z.string().max(CODE_INPUT_MAX, userMessage(ERRORS.CODE_INVALID.message)),
});

/** Items/Update is refused to everyone (403): redemption happens only through Items/Redeem. */
export const itemUpdateRequest = z.unknown();
export const itemUpdateResponse = z.never();

/**
 * A code as the items service shows it: never the code itself, never another player's data.
 * The redemption time comes in the spec's three spellings, one value, '' when not redeemed;
 * `redeemedby` is the caller's own username when the caller redeemed it, else ''.
 */
export const codeItem = z.object({
  id: z.string(),
  /** 'Game Pass …2P4D', 'WELCOME16': the label, not the code. */
  name: z.string(),
  redeemedat: z.string(),
  redeemedAt: z.string(),
  RedeemedAt: z.string(),
  redeemedby: z.string(),
  /** Empty until booking with an item exists. */
  scheduledSessions: z.array(z.never()),
});
export type CodeItem = z.infer<typeof codeItem>;

/** Items/GetByID answers a list, of which /game reads the first element (spec §7). */
export const itemByIdResponse = z.array(codeItem);

export const codeRedeemedResponse = z.object({
  /** Contains 'added' (the redeem modal shows it in green). */
  message: z.string(),
  /** The balance after the redemption: the header shows it at once. */
  credits: z.number().int().nonnegative(),
  item: codeItem,
});
export type CodeRedeemedResponse = z.infer<typeof codeRedeemedResponse>;

export const codeRedeemedMessage = (credits: number) =>
  `Code redeemed! ${credits} credits have been added to your account.`;
