/**
 * The console's orders as a CSV file (route `consoleOrdersExport`): RFC 4180 (CRLF lines, a cell
 * with a comma, quote or line break quoted), times in ISO 8601 with the venue's offset, and no
 * more of the buyer than the orders screen shows (the username, never the email).
 */
import { tz } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { ConsoleOrderRow } from './orders.repository';

const ORDERS_CSV_HEADER = [
  'order number',
  'status',
  'amount',
  'currency',
  'buyer',
  'created at',
  'paid at',
  'refunded at',
  'flag',
  'dispute state',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one)
 * as a formula: a buyer's name or a processor's text must stay text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** '17.99': decimal dollars, as a spreadsheet reads a number. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

function rowOf({ order, player, refund, disputeState }: ConsoleOrderRow, zone: string): string[] {
  // '2026-11-29T18:00:00-05:00': the venue's wall clock, and the instant it was.
  const at = (time: Date | null | undefined) => (time ? formatISO(time, { in: tz(zone) }) : '');
  return [
    order.orderNumber,
    order.status,
    dollars(order.amountCents),
    order.currency,
    player.deleted ? '(account deleted)' : player.username,
    at(order.createdAt),
    at(order.paidAt),
    at(refund?.createdAt),
    order.flag ?? '',
    disputeState,
  ];
}

export function ordersCsv(rows: readonly ConsoleOrderRow[], zone: string): string {
  const lines = [[...ORDERS_CSV_HEADER], ...rows.map((row) => rowOf(row, zone))];
  return lines.map((cells) => `${cells.map(cell).join(',')}\r\n`).join('');
}
