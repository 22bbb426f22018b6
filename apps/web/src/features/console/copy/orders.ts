import type { OrderFlag, OrderStatus, RefundStatus } from '@questfield/contract';
import { credits, plural } from './common';

const FLAG_NAMES = {
  disputed: 'Disputed',
  partially_refunded: 'Partly refunded in Square',
  payment_mismatch: 'Payment does not match',
  refund_failed: 'Refund turned down',
} satisfies Record<OrderFlag, string>;

/** The orders screen's words (and its refund dialog's). */
export const ordersCopy = {
  heading: 'Orders',
  intro:
    'Every purchase, newest first. An admin refunds all or part of a paid order, to the card or as credits; the dialog says what it takes back first.',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  statusNames: {
    pending: 'Pending',
    paid: 'Paid',
    failed: 'Failed',
    refunded: 'Refunded',
  } satisfies Record<OrderStatus, string>,
  flagNames: FLAG_NAMES,
  flagFilter: 'Flag',
  allFlags: 'Flagged or not',
  flagFilterNames: { any: 'Any flag', ...FLAG_NAMES },
  download: 'Download CSV',
  downloadLabel: 'Download the orders these filters match as CSV',
  downloadNote: (max: number) =>
    `The file holds the newest ${max.toLocaleString('en-US')} matching orders at most, with times on the venue's clock.`,
  refundNames: {
    pending: 'Refund on its way',
    completed: 'Money back on the card',
    failed: 'Refund turned down',
  } satisfies Record<RefundStatus, string>,
  fromDashboard: 'in Square',
  caption: 'Every order, newest first',
  columns: ['Time', 'Order', 'Player', 'Amount', 'Status', 'Payment'],
  actionColumn: 'Refund',
  loading: 'Loading the orders…',
  failed: 'The orders could not be loaded.',
  empty: 'No orders match these filters.',
  deleted: '(account deleted)',
  refund: 'Refund',
  retryRefund: 'Retry Refund',
  refundLabel: (orderNumber: string) => `Refund ${orderNumber}`,
  retryLabel: (orderNumber: string) => `Retry the refund of ${orderNumber}`,
  dialogTitle: (orderNumber: string) => `Refund ${orderNumber}`,
  dialogDescription: (amount: string) =>
    `${amount} goes back to the card, and what the order gave is taken back.`,
  retryDescription: (amount: string) =>
    `The card processor turned this refund down. Ask it again to return ${amount}; the credits were taken back already.`,
  planLoading: 'Working out what the refund takes back…',
  planFailed: 'What the refund takes back could not be worked out.',
  takeBackHeading: 'Taken back',
  takeBack: (username: string, count: number) => `${credits(count)} from ${username}`,
  spent: (balance: number, missing: number) =>
    `has ${credits(balance)}: ${credits(missing)} already spent`,
  nothingToTake: 'No credits: the order gave none.',
  passes: (count: number) => `${plural(count, 'Game Pass')} of the order stop working.`,
  leaveShortfall: (missing: number) =>
    `Refund anyway: seats not yet played come back first, then the balance goes to zero (${credits(missing)} already spent)`,
  amountLabel: 'Amount to refund',
  amountHint: (remaining: string) => `Up to ${remaining}, what is left of this order.`,
  amountInvalid: 'Enter an amount in dollars and cents, like 12.50.',
  amountTooSmall: 'Enter an amount of at least $0.01.',
  destinationLabel: 'Refund how',
  destinations: {
    card: 'Refund to card',
    credits: 'Refund as credits',
  },
  destinationHints: {
    card: 'The money goes back to the card the player paid with.',
    credits: 'The player gets credits instead; no money moves.',
  },
  creditsAdded: (count: number) => `${credits(count)} added to the buyer instead of the money.`,
  partNote:
    'Part of the money takes back its share of the credits, rounded down; Game Passes stop working only when the whole order is refunded.',
  planUpdating: 'Working out what this amount takes back…',
  reasonLabel: 'Reason',
  reasonHint: 'The player reads it in the mail about the refund; the audit log keeps it.',
  confirm: 'Refund Order',
  retryConfirm: 'Ask Again',
  refundFailed: 'The order could not be refunded.',
  reauthText: 'Confirm with your password and a current code before the money moves.',
  partRefunded: (
    orderNumber: string,
    outcome: { amount: string; asCredits: boolean; creditsAdded: number; takenBack: number },
  ) =>
    outcome.asCredits
      ? `${outcome.amount} of ${orderNumber} is refunded as ${credits(outcome.creditsAdded)}; ${credits(outcome.takenBack)} taken back.`
      : `${outcome.amount} of ${orderNumber} is refunded to the card; ${credits(outcome.takenBack)} taken back.`,
  partlyRefunded: (refunded: string) => `${refunded} refunded`,
  refunded: (orderNumber: string, status: RefundStatus, code: string | null) =>
    status === 'completed'
      ? `${orderNumber} is refunded: the money is back on the card and the credits are taken back.`
      : status === 'pending'
        ? `${orderNumber} is refunded: the credits are taken back and the card processor is returning the money.`
        : `The card processor turned the refund of ${orderNumber} down (${code ?? 'no reason given'}). The credits stay taken back; retry the refund later.`,
  dismiss: 'Dismiss',
};
