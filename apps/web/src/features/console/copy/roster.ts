import type { RosterPresence } from '@questfield/contract';

const number = new Intl.NumberFormat('en-US');

/** The roster's words: one game's players, who joined and who did not (ADR 0059). */
export const rosterCopy = {
  heading: 'Roster',
  title: (start: string) => `Roster: ${start}`,
  missing: 'Choose a game from the venue day: its Roster link opens this page.',
  loading: 'Loading the roster…',
  failed: 'The roster could not be loaded.',
  back: 'Back to the venue day',
  print: 'Print',
  accessCode: 'Access code',
  ends: 'Ends',
  capacity: 'Seats',
  counts: 'Counts',
  booked: 'Booked',
  joined: 'Joined',
  noShow: 'No-show',
  countsText: (counts: { booked: number; joined: number; noShow: number }, capacity: number) =>
    `${number.format(counts.booked)} of ${number.format(capacity)} seats booked · ${number.format(counts.joined)} joined · ${number.format(counts.noShow)} no-show`,
  graceText: (minutes: number, from: string) =>
    `A player whose game has not opened by ${from} (${number.format(minutes)} minutes after the start) is a no-show.`,
  closed: 'Closed to bookings',
  caption: 'Players on this game',
  columns: ['#', 'Player', 'Email', 'Seat taken', 'How', 'Joined'] as const,
  empty: 'No players on this game.',
  presence: {
    joined: (at: string) => at,
    waiting: () => 'Not yet',
    'no-show': () => 'No-show',
  } satisfies Record<RosterPresence, (at: string) => string>,
  /** The venue day's link to a game's roster. */
  link: (start: string) => `Roster of the ${start} game`,
  linkShort: 'Roster',
};
