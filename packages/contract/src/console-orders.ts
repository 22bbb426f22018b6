/**
 * The console's orders (routes `consoleOrders`, `consoleOrdersExport`, `consoleOrderRefundPlan`,
 * `consoleOrderRefund`): every order, newest first, narrowed by status, flag and day, and the
 * same list as a CSV file; and an admin's full refund of a paid
 * order: the card gets its money back and the credits the order gave are taken back. When a
 * player has already spent some, the plan says how many are missing, and the refund is refused
 * unless the admin chooses to refund the money anyway and leave that balance at zero. The admin
 * says why: the buyer reads it in the mail about the refund.
 */
import { z } from 'zod';
import { creditsText } from './credits';
import { formatUsd } from './catalog';
import { consoleReason, ORDER_FLAG_NAMES, venueDay } from './operator';
import { ORDER_STATUSES, orderLine, orderNumber } from './orders';

export const ORDERS_PAGE_SIZE = 50;

/** The money's side of a refund: asked for, done, or turned down by the processor. */
const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The flag filter: any flag at all, or one of them (a chargeback is the flag 'disputed'). */
export const ORDER_FLAG_FILTERS = ['any', ...ORDER_FLAG_NAMES] as const;
export type OrderFlagFilter = (typeof ORDER_FLAG_FILTERS)[number];

/**
 * What narrows the list and its CSV; also the CSV's query string and the screen's address
 * (`?status=paid&flag=disputed&day=2026-11-29`), so a link opens a filtered list.
 */
export const consoleOrdersFilter = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  flag: z.enum(ORDER_FLAG_FILTERS).optional(),
  day: venueDay.optional(),
});
export type ConsoleOrdersFilter = z.infer<typeof consoleOrdersFilter>;

export const consoleOrdersRequest = z.strictObject({
  ...consoleOrdersFilter.shape,
  /** The `nextCursor` of the page before (the last order's id). */
  cursor: z.uuid().optional(),
});
export type ConsoleOrdersRequest = z.infer<typeof consoleOrdersRequest>;

/** The most orders one CSV carries: the newest that match (the screen says so). */
export const ORDERS_EXPORT_MAX = 10_000;

/** The CSV's file (text/csv), named by the venue day it was made: 'orders-2026-11-29.csv'. */
export const consoleOrdersExportResponse = z.string();
export const ordersExportFilename = (venueDay: string) => `orders-${venueDay}.csv`;

const consoleRefund = z.object({
  /** '$5.00': the money this refund returns (all that was left, or part of the order). */
  amount: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Square's refund id, once it gave one. */
  providerRefundId: z.string().nullable(),
  /** The processor's reason when it turned the refund down. */
  failureCode: z.string().nullable(),
  /** Credits the players had spent, left at zero by the admin's choice. */
  shortfallCredits: z.number().int().nonnegative(),
  /** Made in Square's own dashboard, not from the console. */
  fromDashboard: z.boolean(),
  /** ISO 8601, UTC: when it was asked for. */
  createdAt: z.string(),
});

const consoleOrder = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Why the order waits for an operator, if it does. */
  flag: z.enum(ORDER_FLAG_NAMES).nullable(),
  /** '$17.99' */
  amount: z.string(),
  credits: z.number().int().nonnegative(),
  lines: z.array(orderLine),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  player: z.object({ id: z.uuid(), username: z.string(), deleted: z.boolean() }),
  provider: z.enum(['test', 'square']),
  providerPaymentId: z.string().nullable(),
  /**
   * The order's refund to look at: its full refund, else the refund of part of it to the card
   * that waits for someone (turned down, then not answered), else the latest; null for none.
   */
  refund: consoleRefund.nullable(),
  /** Money refunded so far (full and partial refunds, to the card or as credits), in cents. */
  refundedCents: z.number().int().nonnegative(),
  /** What is left to refund, in cents: 0 once refunded in full. */
  remainingCents: z.number().int().nonnegative(),
});
export type ConsoleOrder = z.infer<typeof consoleOrder>;

export const consoleOrdersResponse = z.object({
  orders: z.array(consoleOrder),
  nextCursor: z.string().nullable(),
});

/**
 * A refund of part of an order (ADR 0056): cents, 1 up to what is left of it (the server says
 * when it is more); none is all that is left.
 */
const refundAmountCents = z
  .number({ error: 'Enter an amount.' })
  .int('Enter an amount in whole cents.')
  .positive('Enter an amount of at least $0.01.');

/** '12.50' → 1250 cents; undefined when it is not an amount of dollars and cents. */
export function parseUsdCents(text: string): number | undefined {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const [, dollars = '0', cents = ''] = match;
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

export const consoleOrderRefundPlanRequest = z.strictObject({
  orderNumber,
  amountCents: refundAmountCents.optional(),
  /** The buyer gets credits instead of the money on the card. */
  asCredits: z.boolean().optional(),
});
export type ConsoleOrderRefundPlanRequest = z.infer<typeof consoleOrderRefundPlanRequest>;

/** What a refund of the order would take back, per player, before anyone confirms it. */
export const consoleOrderRefundPlan = z.object({
  orderNumber: z.string(),
  /** '$17.99', back to the card. */
  amount: z.string(),
  takeBack: z.array(
    z.object({
      playerId: z.uuid(),
      username: z.string(),
      /** Credits the order gave this player (its credits, or Game Passes they redeemed). */
      credits: z.number().int().positive(),
      balance: z.number().int().nonnegative(),
      /** Credits already spent: what the balance cannot give back. */
      missing: z.number().int().nonnegative(),
    }),
  ),
  /** Game Passes of the order that stop working (only a refund of all that is left). */
  passes: z.number().int().nonnegative(),
  /** All players' missing credits together. */
  missing: z.number().int().nonnegative(),
  /** This refund's money, in cents, and what was left of the order before it. */
  amountCents: z.number().int().positive(),
  remainingCents: z.number().int().positive(),
  /** Credits the buyer gets instead of the money (a refund as credits), else 0. */
  creditsAdded: z.number().int().nonnegative(),
});
export type ConsoleOrderRefundPlan = z.infer<typeof consoleOrderRefundPlan>;

export const consoleOrderRefundRequest = z.strictObject({
  orderNumber,
  /** A refund of part of the order (cents); none is all that is left. */
  amountCents: refundAmountCents.optional(),
  /** Credits to the buyer instead of the money to the card. */
  asCredits: z.boolean().optional(),
  /** The dialog's key for this refund: the same key again is the same refund (never twice). */
  requestKey: z.uuid().optional(),
  /** Refund the money although credits are missing, leaving those balances at zero. */
  leaveShortfall: z.boolean().default(false),
  /** Mailed to the buyer with the refund, and kept in the audit log. */
  reason: consoleReason(
    'Say why: the player is told in the refund mail, and the audit log keeps it.',
  ),
});
export type ConsoleOrderRefundRequest = z.infer<typeof consoleOrderRefundRequest>;

export const consoleOrderRefundResponse = z.object({
  order: consoleOrder,
  /** This refund: its money ('$5.00'), where it went, and the money's side. */
  outcome: z.object({
    amount: z.string(),
    asCredits: z.boolean(),
    creditsAdded: z.number().int().nonnegative(),
    takenBack: z.number().int().nonnegative(),
    status: z.enum(REFUND_STATUSES),
    failureCode: z.string().nullable(),
  }),
});

/** REFUND_OVER_REMAINING: what is left to refund of the order. */
export function refundOverRemainingMessage(remainingCents: number): string {
  return remainingCents === 0
    ? 'Nothing is left to refund of this order.'
    : `Only ${formatUsd(remainingCents)} is left to refund of this order.`;
}

/** REFUND_SHORTFALL: how many credits the players no longer have. */
export function refundShortfallMessage(missing: number): string {
  return `${creditsText(missing)} of this order ${missing === 1 ? 'was' : 'were'} already spent. Choose to refund anyway and leave the balance at zero, or cancel.`;
}
