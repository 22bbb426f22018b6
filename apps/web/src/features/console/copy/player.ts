import {
  APPROVAL_HOURS,
  type CreditChange,
  type LedgerReason,
  type OperatorCodeKind,
  type OrderStatus,
  type Role,
} from '@questfield/contract';
import { number, credits } from './common';

/** The player page's words. */
export const playerCopy = {
  back: 'All players',
  loading: 'Loading the player…',
  failed: 'The player could not be loaded.',
  notFound: 'No player has this id, or the account was deleted.',
  email: 'Email',
  role: 'Role',
  joined: 'Joined',
  twoFactor: 'Two-factor sign-in',
  twoFactorOn: 'On',
  twoFactorOff: 'Off',
  balance: 'Balance',
  credits,
  auditLink: 'Their audit log',

  actionsHeading: 'Actions',
  signOutHeading: 'Sign-in sessions',
  signOut: 'Sign Out Everywhere',
  signOutConfirm: (username: string) =>
    `End every sign-in session of ${username}? They stay signed out on every device until they sign in again.`,
  signOutFailed: 'The player could not be signed out.',
  signedOut: (username: string, count: number) =>
    `${username} is signed out everywhere (${count} session${count === 1 ? '' : 's'} ended).`,
  creditsHeading: 'Grant or deduct credits',
  changeLegend: 'Change',
  grant: 'Grant',
  deduct: 'Deduct',
  amountLabel: 'Credits',
  reasonLabel: 'Reason',
  reasonHint: 'Kept in the audit log with the change.',
  submit: { grant: 'Grant Credits', deduct: 'Deduct Credits' },
  changeFailed: 'The credits could not be changed.',
  asked: (count: number, username: string) =>
    `Granting ${credits(count)} to ${username} takes you past your grants for today without approval: it waits for another admin on the Approvals screen (for ${APPROVAL_HOURS} hours).`,
  changed: (change: CreditChange, count: number, username: string, balance: number) =>
    `${change === 'grant' ? 'Granted' : 'Deducted'} ${credits(count)} ${change === 'grant' ? 'to' : 'from'} ${username}: the balance is ${credits(balance)}.`,
  dismiss: 'Dismiss',

  adminHeading: 'Admin',
  roleLabel: 'Role',
  roleHint: 'A change signs the account out everywhere; the holder signs in again.',
  roleNames: { player: 'Player', staff: 'Staff', admin: 'Admin' } satisfies Record<Role, string>,
  saveRole: 'Save Role',
  roleFailed: 'The role could not be changed.',
  roleChanged: (username: string, role: Role, signedOut: number) =>
    `${username} is now ${role}, and signed out everywhere (${signedOut} session${signedOut === 1 ? '' : 's'} ended).`,
  roleUnchanged: (username: string, role: Role) =>
    `${username} is ${role} already: nothing changed.`,
  reachText: {
    own: 'Your own credits and seats are moved by another admin, or on the command line.',
    beyond:
      "Staff act on player accounts only: an admin acts on a colleague's or an admin's account.",
  },
  ownAccount:
    'Your own role and account are changed by another admin, or on the command line; you delete your own account in Account Settings.',
  deleteHeading: 'Delete account',
  deleteStart: 'Delete Account…',
  deleteConfirm: (username: string) => `Delete the account of ${username}?`,
  /** `more`: the page holds only the first `seats` of the games to come. */
  deleteGoes: (seats: number, balance: number, more = false) =>
    `Goes: ${seats === 0 ? 'no seat on a game to come' : `${more ? 'at least ' : ''}${seats} seat${seats === 1 ? '' : 's'} on games to come (freed for others)`}, the balance of ${credits(balance)} (forfeited, no refund), the sign-in sessions, game results and names. It cannot be undone.`,
  deleteKept: 'Kept: the orders and the credit ledger, on the scrubbed account.',
  deleteSubmit: 'Delete Account',
  deleteFailed: 'The account could not be deleted.',
  deleted: (username: string, seats: number, forfeited: number) =>
    `The account of ${username} is deleted: ${seats} seat${seats === 1 ? '' : 's'} given up, ${credits(forfeited)} forfeited.`,
  adminReauthText:
    'Changing a role or deleting an account needs your password and a current code again (every 15 minutes).',
  adminReauthNeeded:
    'Confirm with your password and a current code before changing a role or deleting an account.',

  historyHeading: 'Credit history',
  historyCaption: 'Postings on the balance, newest first',
  historyColumns: {
    when: 'When',
    change: 'Change',
    balanceAfter: 'Balance after',
    what: 'What',
    detail: 'Detail',
  },
  historyEmpty: 'No credit activity yet.',
  historyMore: 'Load more postings',
  reasons: {
    purchase: 'Purchase',
    redeem: 'Code redeemed',
    book: 'Game booked',
    join: 'Game joined',
    refund: 'Refund',
    admin: 'Operator',
    account_deleted: 'Account deleted',
    cancel: 'Seat cancelled',
  } satisfies Record<LedgerReason, string>,

  bookingsHeading: 'Games',
  upcomingCaption: 'Games to come, soonest first',
  pastCaption: 'Games played, latest first',
  seatColumns: { starts: 'Game starts', seat: 'Seat', taken: 'Taken' },
  upcomingEmpty: 'No game to come.',
  pastEmpty: 'No game played yet.',
  upcomingMore: 'Load more games to come',
  pastMore: 'Load more games played',
  seatActionColumn: 'Actions',
  cancelSeat: 'Cancel seat',
  cancelSeatNamed: (time: string) => `Cancel the seat at ${time}`,
  cancelSeatTitle: 'Cancel this seat',
  cancelSeatDescription: (username: string, time: string) =>
    `${username}'s seat at ${time} is given back, and the credits it took return to their balance.`,
  cancelSeatConfirm: 'Cancel Seat',
  cancelSeatFailed: 'The seat could not be cancelled.',
  seatCancelled: (username: string, time: string, refunded: number, balance: number) =>
    `${username}'s seat at ${time} is cancelled: ${refunded} credits back, balance ${balance}.`,
  bookSeatHeading: 'Book a seat',
  bookSeatHint: (credits: number) =>
    `Paid from the player's balance: ${credits} credits, as their own booking is.`,
  bookDayLabel: 'Day',
  bookSlotLabel: 'Game (venue time)',
  bookSlotsLoading: 'Loading the games of the day…',
  bookSlotsEmpty: 'No game can be booked on this day.',
  bookSlotsFailed: 'The games of the day could not be loaded.',
  bookSlotOption: (time: string, left: number, capacity: number) =>
    left === 0 ? `${time}, full` : `${time}, ${left}/${capacity} left`,
  bookChooseSlot: 'Choose a game.',
  bookSubmit: 'Book Seat',
  bookFailed: 'The seat could not be booked.',
  seatReauthText:
    "Moving a player's seat moves their credits: it needs your password and a current code again (every 15 minutes).",
  seatBooked: (username: string, time: string, balance: number) =>
    `${username} has a seat at ${time}: balance ${balance}.`,
  seatHeld: (username: string, time: string) =>
    `${username} already has a seat at ${time}: nothing was charged.`,

  ordersHeading: 'Orders',
  ordersCaption: 'Orders, newest first',
  orderColumns: {
    order: 'Order',
    status: 'Status',
    items: 'Items',
    amount: 'Amount',
    when: 'When',
  },
  ordersEmpty: 'No order yet.',
  ordersMore: 'Load more orders',
  orderStatuses: {
    pending: 'Pending',
    paid: 'Paid',
    failed: 'Failed',
    refunded: 'Refunded',
  } satisfies Record<OrderStatus, string>,

  passesHeading: 'Game Passes',
  passesCaption: 'Game Passes bought or redeemed, newest first',
  passColumns: { pass: 'Pass', order: 'Order', boughtBy: 'Bought by', redeemed: 'Redeemed' },
  passesEmpty: 'No Game Pass.',
  passesMore: 'Load more Game Passes',
  boughtByPlayer: 'This player',
  boughtByOther: 'Another player',
  byPlayer: 'by this player',
  byOther: 'by another player',
  notRedeemed: 'Not yet',

  redemptionsHeading: 'Code redemptions',
  redemptionsCaption: 'Codes redeemed, latest first',
  redemptionColumns: { code: 'Code', kind: 'Kind', credits: 'Credits', when: 'When' },
  redemptionsEmpty: 'No code redeemed yet.',
  redemptionsMore: 'Load more redemptions',
  codeKinds: { 'game-pass': 'One-time', promo: 'Promo' } satisfies Record<OperatorCodeKind, string>,

  leaderboardHeading: 'Leaderboard',
  bestsHeading: 'All-time bests',
  metrics: { score: 'Score', time: 'Time', distance: 'Distance' },
  best: (rank: number, value: string) => `${value} (rank ${rank})`,
  noBest: 'No result yet',
  resultsCaption: 'Results, newest first',
  resultColumns: { when: 'When', score: 'Score', time: 'Time', distance: 'Distance' },
  resultsEmpty: 'No result yet.',
  resultsMore: 'Load more results',
  seconds: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
  metres: (metres: number) => `${number.format(metres)} m`,
} as const;
