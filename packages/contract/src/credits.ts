/**
 * Credits as players see them: the history of postings on their balance (spec §3 credits;
 * product.md "a credit history page from the ledger"). Every change of a balance is one posting.
 */
import { z } from 'zod';
import { userMessage } from './user-message';

/** Why a balance changed; one posting per business event. */
export const LEDGER_REASONS = [
  'purchase',
  'redeem',
  'book',
  'join',
  'refund',
  'admin',
  /** The balance forfeited when its player deleted the account. */
  'account_deleted',
  /** The credits of a seat given back before its game (ADR 0029). */
  'cancel',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const CREDIT_HISTORY_PAGE_SIZE = 20;

export const creditHistoryRequest = z.strictObject({
  /** The `nextCursor` of the previous page; absent for the newest page. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, userMessage('This page of the credit history does not exist.'))
    .optional(),
});

export const creditPosting = z.object({
  id: z.string(),
  /** ISO 8601, UTC. */
  at: z.string(),
  reason: z.enum(LEDGER_REASONS),
  /** Credits added (positive) or spent (negative). */
  delta: z.number().int(),
  balanceAfter: z.number().int().nonnegative(),
  /** 'QF-…' for a purchase or its refund; null for other postings. */
  orderNumber: z.string().nullable(),
});
export type CreditPosting = z.infer<typeof creditPosting>;

/** Newest first; `nextCursor` is null on the last page. */
export const creditHistoryResponse = z.object({
  entries: z.array(creditPosting),
  nextCursor: z.string().nullable(),
});

/** A count of credits in words: '1 credit', '1,250 credits'. */
export const creditsText = (count: number): string =>
  `${count.toLocaleString('en-US')} credit${count === 1 ? '' : 's'}`;
