/** What each operator command prints: CSV for code lists (spreadsheets, printers), text else. */
import {
  CODE_STATES,
  issuedCodesCsv,
  toCsv as csv,
  type ClosedSeats,
  type MoneyLimits,
  type OperatorResult,
  type OperatorResultOf,
  type OperatorSlot,
  type SeatSource,
  type VenueDetails,
} from '@questfield/contract';
import { SETTINGS_TTL_MS } from '../modules/settings/settings.service';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

/** How a seat was taken, in the console roster's words: a seat staff booked is told apart. */
const SEAT_TAKEN = {
  booked: 'booked',
  staff: 'booked by staff',
  joined: 'joined by code',
  waitlist: 'from the waitlist',
  guest: 'guest of a party',
} satisfies Record<SeatSource, string>;

function userText(result: OperatorResultOf<'users show'>): string {
  const { account } = result;
  const ledger = result.ledger.map(
    (entry) =>
      `  ${entry.at}  ${entry.reason.padEnd(8)} ${signed(entry.delta).padStart(6)}  ` +
      `balance ${entry.balanceAfter}${entry.detail === '' ? '' : `  ${entry.detail}`}`,
  );
  const bookings = result.bookings.map(
    (booking) => `  ${booking.startsAt}  ${SEAT_TAKEN[booking.source]} at ${booking.bookedAt}`,
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

/** What a closure with --cancel-seats did; nothing when it cancelled and ended nothing. */
function closureText({ cancelled, refunded, released }: ClosedSeats): string {
  if (cancelled + released === 0) return '';
  return ` ${cancelled} seats cancelled (${refunded} credits refunded), ${released} waitlist places ended; each player was mailed the reason.`;
}

/** A message to a game's players: whom it reached (or would), then the mail as they get it. */
function messageText(result: OperatorResultOf<'slots message'>): string {
  const whom = `${result.booked} booked, ${result.waiting} waiting`;
  const what = !result.sent
    ? `Dry run, nothing sent: it would reach ${whom}.`
    : result.repeated
      ? `Already sent under this request id to ${whom}: nothing sent again.`
      : `Sent to ${whom} on the game at ${result.startsAt}.`;
  return [what, '', `Subject: ${result.subject}`, '', result.text].join('\n');
}

function multiplayerText({ enabled, changed }: OperatorResultOf<'multiplayer'>): string {
  const state = `Multiplayer is ${changed ? 'now ' : ''}${enabled ? 'on' : 'off'}`;
  if (!changed) return `${state}.`;
  const effect = enabled
    ? 'players can book and join again'
    : 'bookings and joins are refused and the site shows the banner';
  return `${state}: ${effect} (every server within ${SETTINGS_TTL_MS / 1000} seconds).`;
}

function refundText(result: OperatorResultOf<'orders refund'>): string {
  const credits = `${result.takenBack} credits taken back${result.missing > 0 ? `, ${result.missing} already spent` : ''}`;
  if (result.refund === 'failed') {
    return `${result.orderNumber}: the processor turned the refund down (${result.failureCode ?? 'no reason'}); ${credits}. Run it again to retry.`;
  }
  if (result.asCredits) {
    return `${result.orderNumber}: ${result.amount} refunded as ${result.creditsAdded} credits; ${credits}.`;
  }
  const money =
    result.refund === 'completed'
      ? `${result.amount} refunded`
      : `refund of ${result.amount} asked (the processor completes it)`;
  return `${result.orderNumber}: ${money}; ${credits}.`;
}

function settingsText(result: OperatorResultOf<'settings show'>): string {
  const { ordinaryLimits: ordinary } = result;
  const networks = result.venueNetworks.map((network) => `  ${network.range}  ${network.name}`);
  return [
    `Multiplayer        ${result.multiplayer ? 'on' : 'off'}`,
    `Staff grant limit  ${result.staffCreditLimit} credits per action`,
    ...moneyLines(result.moneyLimits),
    `Cancel cut-off     ${result.cancelCutoffMinutes} minutes before a game`,
    `Waitlist hold      ${result.waitlistHoldMinutes} minutes for an offered seat`,
    `No-show grace      ${result.noShowGraceMinutes} minutes after a game's start`,
    `Venue limit        ${result.venueLimit} per address and window (elsewhere ${ordinary.signUpsPer10Minutes} sign-ups in 10 minutes, ${ordinary.signUpsPerDay} a day, ${ordinary.codesPerMinute} code entries a minute)`,
    `Venue networks (${result.venueNetworks.length})`,
    ...(networks.length > 0 ? networks : ['  none']),
    ...venueLines(result.venue),
  ].join('\n');
}

/** The venue's details as `settings show` and `settings venue` print them. */
const venueLines = (venue: VenueDetails) => [
  `Venue              ${venue.name}`,
  `Address            ${venue.address === '' ? '(none)' : venue.address}`,
  `Contact            ${venue.contactEmail}${venue.contactPhone === '' ? '' : `, ${venue.contactPhone}`}`,
  `Clock              ${venue.hourCycle}-hour, ${venue.timeZone} (VENUE_TIMEZONE)`,
];

/** The money limits as `settings show` and `settings money-limits` print them. */
const moneyLines = (limits: MoneyLimits) => [
  `Staff daily budget ${limits.staffDailyCredits} credits per staff member and venue day`,
  `Console batches    at most ${limits.codesPerBatch} codes each, ${limits.codeCreditsPerDay} credits of codes per venue day`,
  `Second admin       for an admin's grants past ${limits.adminDailyCredits} credits a venue day, and batches of over ${limits.batchApprovalCredits} credits`,
];

/** When a setting's change reaches every server. */
const everywhere = `every server within ${SETTINGS_TTL_MS / 1000} seconds`;

/** Where the next page of a paged list starts (for standard error), or null on the last page. */
export function nextPageHint(result: OperatorResult): string | null {
  if (result.command !== 'codes batches' && result.command !== 'codes batch') return null;
  return result.nextCursor === null ? null : `More: add --after ${result.nextCursor}`;
}

export function formatResult(result: OperatorResult): string {
  switch (result.command) {
    case 'codes create':
      return issuedCodesCsv(result);
    case 'codes batches':
      return csv(
        [
          'id',
          'name',
          'kind',
          'credits',
          'count',
          'expires',
          ...CODE_STATES,
          'redemptions',
          'created_at',
          'created_by',
          'revoked_at',
        ],
        result.batches.map((batch) => [
          batch.id,
          batch.name,
          batch.kind,
          batch.credits,
          batch.count,
          batch.expires,
          ...CODE_STATES.map((state) => batch.codes[state]),
          batch.redemptions,
          batch.createdAt,
          batch.createdBy?.username ?? 'command line',
          batch.revokedAt,
        ]),
      );
    case 'codes batch':
      return csv(
        ['id', 'label', 'state', 'redemptions', 'redeemed_by', 'redeemed_at', 'revoked_at'],
        result.codes.map((code) => [
          code.id,
          code.label,
          code.state,
          code.redemptions,
          code.lastRedemption?.player.username,
          code.lastRedemption?.at,
          code.revokedAt,
        ]),
      );
    case 'codes revoke-batch':
      return `Revoked the batch ${result.batch.name}: ${result.revoked} of its codes can no longer be redeemed; the credits already redeemed stay with the players.`;
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
    case 'settings show':
      return settingsText(result);
    case 'settings staff-credit-limit':
      return `Staff may grant or deduct at most ${result.limit} credits per action (before: ${result.before}; ${everywhere}).`;
    case 'settings money-limits':
      return [
        ...moneyLines(result.limits),
        `(${everywhere}; the command line is held to none)`,
      ].join('\n');
    case 'settings cancel-cutoff':
      return `Players may cancel a seat up to ${result.minutes} minutes before its game (before: ${result.before}; ${everywhere}).`;
    case 'settings waitlist-hold':
      return `A seat offered from a waitlist is held for ${result.minutes} minutes (before: ${result.before}; from the next offer on).`;
    case 'settings venue':
      return [...venueLines(result.venue), `(${everywhere}; mails sent from now on say it)`].join(
        '\n',
      );
    case 'settings no-show-grace':
      return `A seat without a join is a no-show ${result.minutes} minutes after its game's start (before: ${result.before}; ${everywhere}).`;
    case 'seats cancel':
      return `Cancelled the seat of ${result.email} on the game at ${result.startsAt}: ${result.refunded} credits returned, balance ${result.balance}.`;
    case 'seats book':
      return result.repeated
        ? `${result.email} already has a seat on the game at ${result.startsAt}: nothing was charged (balance ${result.balance}).`
        : `Booked a seat for ${result.email} on the game at ${result.startsAt}: balance ${result.balance}.`;
    case 'venues list':
      return csv(
        ['range', 'name'],
        result.networks.map((network) => [network.range, network.name]),
      );
    case 'venues add':
      return `Added ${result.range} (${result.name}): its addresses may sign up and enter codes up to ${result.limit} times per window (${everywhere}).`;
    case 'venues remove':
      return `Removed ${result.range} (${result.name}): its addresses have the ordinary limits again (${everywhere}).`;
    case 'venues limit':
      return `Venue networks may sign up and enter codes up to ${result.limit} times per address and window (before: ${result.before}; ${everywhere}).`;
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
    case 'orders refund':
      return refundText(result);
    case 'slots set-capacity':
      return `Slot ${slotLine(result.slot)}.${closureText(result)}`;
    case 'slots reopen':
      return `Slot ${slotLine(result.slot)}.`;
    case 'slots close':
      return `Slot ${slotLine(result.slot)}.${closureText(result)}`;
    case 'slots message':
      return messageText(result);
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
      return result.cancelled + result.released > 0
        ? `${result.date} is blocked: ${result.closed} slots closed.${closureText(result)}`
        : `${result.date} is blocked: ${result.closed} slots closed; players hold ${result.seats} seats on them (tell them).`;
    case 'days unblock':
      return `${result.date} is open again: ${result.reopened} slots reopened.`;
  }
}
