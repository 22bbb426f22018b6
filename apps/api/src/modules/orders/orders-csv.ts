/**
 * The console's orders as a CSV file (route `consoleOrdersExport`): RFC 4180 (CRLF lines, a cell
 * with a comma, quote or line break quoted), times in ISO 8601 with the venue's offset (the
 * contract's isoWithOffset), their header naming the venue's zone, and no more of the buyer than
 * the orders screen shows (the username, never the email). `refunded` is the money refunded so
 * far, in full or in parts, to the card or as credits; `refunded at` when it last was.
 */
import { isoWithOffset } from '@questfield/contract';
import { csvDocument } from '../../lib/csv';
import type { ConsoleOrderRow } from './orders.repository';

/** The header; each time's column names the zone its times are written in. */
const ordersCsvHeader = (zone: string) => [
  'order number',
  'status',
  'amount',
  'currency',
  'buyer',
  `created at (${zone})`,
  `paid at (${zone})`,
  'refunded',
  `refunded at (${zone})`,
  'flag',
  'dispute state',
];

/** '17.99': decimal dollars, as a spreadsheet reads a number. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * When the order was last refunded: the latest of its refunds, in full or of part (ADR 0056),
 * whatever became of the money (the `refunded` column counts it as claimed).
 */
function lastRefundedAt({ refunds }: ConsoleOrderRow): Date | undefined {
  return refunds.at(-1)?.createdAt;
}

function rowOf(row: ConsoleOrderRow, zone: string): string[] {
  const { order, player, disputeState } = row;
  // '2026-11-29T18:00:00-05:00': the venue's wall clock, and the instant it was.
  const at = (time: Date | null | undefined) => (time ? isoWithOffset(time, zone) : '');
  return [
    order.orderNumber,
    order.status,
    dollars(order.amountCents),
    order.currency,
    player.deleted ? '(account deleted)' : player.username,
    at(order.createdAt),
    at(order.paidAt),
    dollars(order.refundedCents),
    at(lastRefundedAt(row)),
    order.flag ?? '',
    disputeState,
  ];
}

export function ordersCsv(rows: readonly ConsoleOrderRow[], zone: string): string {
  return csvDocument(
    ordersCsvHeader(zone),
    rows.map((row) => rowOf(row, zone)),
  );
}
