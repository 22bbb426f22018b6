import type { OperatorCodeKind, SeatSource } from '@questfield/contract';
import type { PagedTableText } from '@/components/ui/paged-table';

/** Numbers as the console writes them: 1,234. */
export const number = new Intl.NumberFormat('en-US');
/** A count of credits, in words: "1 credit", "1,200 credits". */
export const credits = (count: number) => `${number.format(count)} credit${count === 1 ? '' : 's'}`;
/** A count of a thing, in words: "1 code", "3 codes". */
export const plural = (count: number, word: string) =>
  `${number.format(count)} ${word}${count === 1 ? '' : 's'}`;

/** The words several of the console's screens share. */
export const commonCopy = {
  retry: 'Try Again',
  loadMore: 'Load more',
  loadMoreFailed: 'The next rows could not be loaded.',
  dayFilter: 'Day',
  playerLink: (username: string) => `Open the page of ${username}`,
  passwordLabel: 'Password',
  codeLabel: '6-digit code',
  cancel: 'Cancel',
  closeDialog: 'Close',

  // The password check (ReauthDialog), asked before a change that needs it.
  reauthTitle: 'Confirm it is you',
  reauthText: 'Moving credits needs your password and a current code again (every 15 minutes).',
  reauthSubmit: 'Confirm',
  reauthFailed: 'The check could not be made.',

  /** How a seat was taken (SeatSourceText): the roster, the venue day and a player's page. */
  seatSources: {
    booked: 'Booked',
    staff: 'Booked by staff',
    joined: 'Joined by code',
    waitlist: 'From the waitlist',
    guest: 'Guest of a party',
  } satisfies Record<SeatSource, string>,

  batchKinds: { 'game-pass': 'Game Pass', promo: 'Promo' } satisfies Record<
    OperatorCodeKind,
    string
  >,
} as const;

/**
 * A console list's words for PagedTable: its own (what it loads, and says when it has none),
 * and the ones every console list shares. `more` names the list where a page has several.
 */
export const tableText = (
  own: Pick<PagedTableText, 'loading' | 'failed' | 'empty'>,
  more: string = commonCopy.loadMore,
): PagedTableText => ({
  ...own,
  retry: commonCopy.retry,
  more,
  moreFailed: commonCopy.loadMoreFailed,
});
