/** What each operator command prints: CSV for code lists (spreadsheets, printers), text else. */
import {
  toCsv as csv,
  type OperatorResult,
  type OperatorResultOf,
  type OperatorSlot,
} from '@questfield/contract';
import { SETTINGS_TTL_MS } from '../modules/settings/settings.service';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

function userText(result: OperatorResultOf<'users show'>): string {
  const { account } = result;
  const ledger = result.ledger.map(
    (entry) =>
      `  ${entry.at}  ${entry.reason.padEnd(8)} ${signed(entry.delta).padStart(6)}  ` +
      `balance ${entry.balanceAfter}${entry.detail === '' ? '' : `  ${entry.detail}`}`,
  );
  const bookings = result.bookings.map(
    (booking) => `  ${booking.startsAt}  ${booking.source}  booked ${booking.bookedAt}`,
  );
  return [
    `Account   ${account.username} <${account.email}>`,
    `Id        ${account.id}`,
    `Opened    ${account.createdAt}`,
    `Balance   ${result.balance} credits`,
    `Ledger (newest first, ${result.ledger.length} shown)`,
    ...(ledger.length > 0 ? ledger : ['  none']),
    `Bookings (latest first, ${result.bookings.length} shown)`,
    ...(bookings.length > 0 ? bookings : ['  none']),
  ].join('\n');
}

const slotLine = (slot: OperatorSlot) =>
  `${slot.time} (${slot.startsAt}): ${slot.booked}/${slot.capacity} booked, ` +
  `${slot.open ? 'open' : 'closed'}, access code ${slot.accessCode}`;

function multiplayerText({ enabled, changed }: OperatorResultOf<'multiplayer'>): string {
  const state = `Multiplayer is ${changed ? 'now ' : ''}${enabled ? 'on' : 'off'}`;
  if (!changed) return `${state}.`;
  const effect = enabled
    ? 'players can book and join again'
    : 'bookings and joins are refused and the site shows the banner';
  return `${state}: ${effect} (every server within ${SETTINGS_TTL_MS / 1000} seconds).`;
}

export function formatResult(result: OperatorResult): string {
  switch (result.command) {
    case 'codes create':
      return csv(
        ['code', 'kind', 'credits', 'expires'],
        result.codes.map((code) => [code.code, code.kind, code.credits, code.expires]),
      );
    case 'codes list':
      return csv(
        ['id', 'label', 'kind', 'credits', 'expires', 'status', 'redemptions', 'created_at'],
        result.codes.map((code) => [
          code.id,
          code.label,
          code.kind,
          code.credits,
          code.expires,
          code.status,
          code.redemptions,
          code.createdAt,
        ]),
      );
    case 'codes revoke':
      return `Revoked ${result.label}: it can no longer be redeemed.`;
    case 'users grant-credits':
      return `Granted ${result.credits} credits to ${result.email}: balance ${result.balance}.`;
    case 'users show':
      return userText(result);
    case 'users set-role':
      return result.changed
        ? `${result.email} is now ${result.role}: ${result.signedOut} sign-in ${result.signedOut === 1 ? 'session' : 'sessions'} ended.`
        : `${result.email} is ${result.role} already: nothing changed.`;
    case 'users reset-two-factor':
      return result.removed
        ? `Removed the two-factor set-up of ${result.email}: ${result.signedOut} sign-in ${result.signedOut === 1 ? 'session' : 'sessions'} ended; it is set up again at the next sign-in to the console.`
        : `${result.email} had no two-factor set-up: nothing changed.`;
    case 'users delete':
      return `Deleted the account of ${result.email}: ${result.seats} seats given up, ${result.forfeited} credits forfeited; its orders and ledger are kept.`;
    case 'slots show':
      return csv(
        ['time', 'starts_at', 'booked', 'capacity', 'open', 'access_code'],
        result.slots.map((slot) => [
          slot.time,
          slot.startsAt,
          slot.booked,
          slot.capacity,
          slot.open ? 'yes' : 'no',
          slot.accessCode,
        ]),
      );
    case 'multiplayer':
      return multiplayerText(result);
    case 'orders flagged':
      return csv(
        ['order', 'status', 'amount', 'flag', 'flagged_at', 'dispute'],
        result.orders.map((order) => [
          order.orderNumber,
          order.status,
          order.amount,
          order.flag,
          order.flaggedAt,
          order.dispute,
        ]),
      );
    case 'slots set-capacity':
    case 'slots close':
    case 'slots reopen':
      return `Slot ${slotLine(result.slot)}.`;
    case 'schedule show':
      return csv(
        ['day', 'first', 'last', 'capacity', 'blocked_reason'],
        [
          ...Object.entries(result.week).map(([day, hours]) =>
            hours === null
              ? [day, 'closed', '', '', '']
              : [day, hours.first, hours.last, hours.capacity, ''],
          ),
          ...result.blocked.map((day) => [day.date, 'blocked', '', '', day.reason]),
        ],
      );
    case 'schedule set':
      return `${result.weekday}: ${result.hours === null ? 'closed' : `games from ${result.hours.first} to ${result.hours.last}, ${result.hours.capacity} seats`}; on the days already open for booking ${result.added} slots added, ${result.removed} removed, ${result.kept} kept for the players on them.`;
    case 'days block':
      return `${result.date} is blocked: ${result.closed} slots closed; players hold ${result.seats} seats on them (tell them).`;
    case 'days unblock':
      return `${result.date} is open again: ${result.reopened} slots reopened.`;
  }
}
