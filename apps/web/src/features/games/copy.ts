import { cancelCutoffMessage, GAME_COST_CREDITS } from '@questfield/contract';
import { countdownCopy } from './countdown-copy';

/**
 * Copy of the games feature (/game and the dashboard's games, headed 'My Sessions'; the header's
 * countdown has its own few words in countdown-copy.ts, which the first script carries); the
 * spec's own texts (every refusal of an access code, 'Experience starts in') come from the
 * contract's ERRORS and MESSAGES.
 */
export const gamesCopy = {
  ...countdownCopy,

  // /game
  liveEyebrow: 'Your game is live',
  timeLeft: 'Time left',
  liveBody: 'The game could not be loaded. Check your connection, then reload this page.',
  gameRegion: 'Game',
  gameFrameTitle: 'Questfield game',
  leaveGame: 'Leave game',
  accessCodeHeading: 'Join with an access code',
  accessCodeIntro: `Enter the access code of a live session to join it. Joining costs ${GAME_COST_CREDITS} credits.`,
  accessCodeLabel: 'Access code',
  accessCodeHint: 'Letters and numbers; spaces and dashes are optional.',
  join: 'Join',

  // The 'Join Experience' dialog
  joinTitle: 'Join Experience',
  joinDescription: 'Check the details, then confirm to join the session.',
  room: 'Room',
  yourCredits: 'Your credits',
  cost: 'Cost',
  remaining: 'Remaining after joining',
  credits: (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`,
  confirmJoin: 'Confirm and Join',
  cancel: 'Cancel',
  close: 'Close',
  notEnoughTitle: 'Not Enough Credits',
  notEnoughText: `You need at least ${GAME_COST_CREDITS} credits to join this experience.`,
  buyCredits: 'Buy Credits',
  /** The landing page's Purchase Credits section (features cannot import each other). */
  purchaseSectionHref: '/#purchase-credits',

  // The player's games on /dashboard
  myGamesHeading: 'My Sessions',
  gamesLoading: 'Loading your sessions',
  gamesError: 'Your sessions could not be loaded.',
  retry: 'Try again',
  gamesEmpty: 'You have no live or upcoming sessions.',
  bookGame: 'Book a session',
  accessCode: 'Access code',
  copyCode: (code: string) => `Copy access code ${code}`,
  copy: 'Copy',
  copied: 'Copied',
  liveNow: 'Live now',
  startsIn: 'Starts in',

  // Giving a seat back (My Sessions)
  cancelSeat: 'Cancel seat',
  cancelSeatLabel: (when: string) => `Cancel your seat on ${when}`,
  cancelTitle: 'Cancel this seat?',
  cancelDescription: (when: string) =>
    `Your seat on ${when} is given up, and the ${GAME_COST_CREDITS} credits it cost come back to your balance.`,
  confirmCancel: 'Cancel Seat',
  keepSeat: 'Keep Seat',
  cancelFailed: 'The seat could not be cancelled. Please try again.',
  /** Why the button is off: the server's cut-off, in the server's words. */
  cancelClosed: (cutoffMinutes: number) => cancelCutoffMessage(cutoffMinutes),
  seatCancelled: (when: string, refunded: number, balance: number) =>
    refunded > 0
      ? `Your seat on ${when} was cancelled: ${refunded} credits came back, your balance is ${balance}.`
      : `Your seat on ${when} was cancelled: your balance is ${balance}.`,
  dismiss: 'Dismiss',

  // The player's parties on /dashboard (ADR 0065)
  partiesHeading: 'Your parties',
  partiesError: 'Your parties could not be loaded.',
  partyLedBy: (leader: string) => `Led by ${leader}`,
  partyYouLead: 'You lead this party',
  partySeats: 'Seats',
  seatLeader: 'Leader',
  seatClaimedBy: (username: string) => `Claimed by ${username}`,
  seatOpen: 'Open',
  seatYou: '(you)',
  seatNumber: (number: number) => `Seat ${number}`,
  /** A party's seat as labels name it: the leader's is seat 1. */
  guestSeat: (number: number) => `guest seat ${number}`,
  cancelGuestSeatLabel: (number: number, when: string) => `Cancel guest seat ${number} on ${when}`,
  cancelGuestTitle: 'Cancel this guest seat?',
  cancelGuestDescription: (when: string) =>
    `The open guest seat on ${when} is given up: its invite link stops working, and the ${GAME_COST_CREDITS} credits it cost come back to your balance.`,
  guestSeatCancelled: (when: string, refunded: number, balance: number) =>
    `The guest seat on ${when} was cancelled: ${refunded} credits came back, your balance is ${balance}.`,

  // A game to come, for the player's calendar (My Sessions)
  addToCalendar: 'Add to calendar',
  addToCalendarLabel: (when: string) => `Add your game on ${when} to your calendar (.ics file)`,
  googleCalendar: 'Google Calendar',
  googleCalendarLabel: (when: string) =>
    `Add your game on ${when} to Google Calendar (opens in a new tab)`,
  calendarFailed: 'The calendar file could not be made. Please try again.',
} as const;
