import { CONSOLE_TODAY, formatUsd } from '@questfield/contract';
import { plural } from './common';

/** The console's first screen: the venue's today at a glance. */
export const todayCopy = {
  heading: 'Today',
  intro: (day: string, timeZone: string) =>
    `${day}, on the venue's clock (${timeZone}). Brought up to date every ${CONSOLE_TODAY.refreshMs / 1000} seconds.`,
  loading: 'Loading today…',
  failed: 'Today could not be loaded.',

  nextHeading: 'Next game',
  nextAt: (time: string, booked: number, capacity: number) =>
    `${time}, ${booked} of ${capacity} seats taken`,
  startsIn: 'Starts in',
  startingNow: 'Starting now',
  noNextGame: 'No more games today.',

  salesHeading: 'Sales',
  sales: (cents: number, count: number) => `${formatUsd(cents)} from ${plural(count, 'order')}`,
  salesLink: "Today's orders",
  refundsHeading: 'Refunds',
  refunds: (cents: number, count: number) => `${formatUsd(cents)} in ${plural(count, 'refund')}`,
  refundsLink: 'Refunded orders',

  attentionHeading: 'Needs attention',
  nothingNeedsYou: 'Nothing needs you.',
  flaggedOrders: (count: number) => `${plural(count, 'flagged order')} (chargebacks, refunds)`,
  failedMails: (count: number) =>
    `${plural(count, 'mail')} could not be delivered in the last day (the server's log says why)`,
  lapsingOffers: (count: number) =>
    `${plural(count, 'waitlist offer')} lapsing within ${CONSOLE_TODAY.lapsingWithinMinutes} minutes`,

  gamesHeading: "Today's games",
  gamesCaption: "Today's games",
  columns: ['Start', 'Seats', 'Waiting', 'State'] as const,
  noGames: 'No games today.',
  seats: (booked: number, capacity: number) => `${booked} of ${capacity}`,
  states: { open: 'Open', closed: 'Closed', live: 'Playing now', ended: 'Ended' },
  dayLink: 'Open the venue day',
} as const;
