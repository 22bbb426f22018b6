import { GAME_COST_CREDITS, GAME_LENGTH_MINUTES } from '@questfield/contract';

/**
 * Copy of the bookings feature (the item cards and the booking modal on /). The spec's own texts
 * come from the contract: 'Event registered at …' (MESSAGES.eventRegistered), 'Date input not
 * valid.', the multiplayer banner, 'Register failed' and every refusal of the server.
 */
export const bookingsCopy = {
  close: 'Close',
  // The item cards (spec §2)
  itemsLabel: 'Experiences',
  join: 'Join',
  learnMore: 'Learn More',
  multiplayerTitle: 'Multiplayer',
  multiplayerPrice: `${GAME_COST_CREDITS} credits`,
  multiplayerDescription: `Book a seat in a live ${GAME_LENGTH_MINUTES}-minute quest: pick a day and a time slot, race through the maze with up to 25 players and climb the leaderboard. Friends join with your access code.`,
  gamePackTitle: 'Game Pack',
  gamePackDescription:
    'Game Passes to share with your crew, plus the soundtracks of every maze. Bundle more passes and save on each one.',
  /** The name read for each card's button (the visible text comes first). */
  joinLabel: `Join: book a Multiplayer session for ${GAME_COST_CREDITS} credits`,
  learnMoreLabel: 'Learn More about the Game Pack',
  // The booking modal (spec §4)
  dialogTitle: 'Book a session',
  dialogDescription: `Pick a day and a time slot. A session lasts ${GAME_LENGTH_MINUTES} minutes and costs ${GAME_COST_CREDITS} credits.`,
  dateLabel: 'Date',
  dateHint: 'MM/DD/YYYY, today or later.',
  slotsLegend: 'Available times (venue time)',
  slotsLoading: 'Loading the available times…',
  slotsEmpty: 'No time slots are left on this day. Please choose another date.',
  /** A day an operator blocked, with the reason they gave (shown as text). */
  dayClosed: (reason: string) => `Closed: ${reason}`,
  slotsFailed: 'The available times could not be loaded. Please try again.',
  retry: 'Try again',
  spotsLeft: (available: number, capacity: number) => `${available}/${capacity} left`,
  venueTime: 'venue time',
  // Confirm Your Booking
  confirmHeading: 'Confirm Your Booking',
  sessionLabel: 'Session',
  currentCredits: 'Current credits',
  cost: 'Cost',
  remaining: 'Remaining',
  bookExperience: 'Book Experience',
  changeSelection: 'Change Selection',
  // Not Enough Credits
  notEnoughHeading: 'Not Enough Credits',
  notEnoughText: (credits: number) =>
    `You need at least ${GAME_COST_CREDITS} credits to book a session. You have ${credits}.`,
  buyCredits: 'Buy Credits',
  // Booked
  accessCodeLabel: 'Access code',
  copy: 'Copy',
  copyLabel: 'Copy the access code',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the code and copy it by hand.',
  friendsJoin: 'Friends join this game with the access code on',
  gamePage: 'the Game page',
  done: 'Done',
  // The waitlist of a full session (ADR 0034)
  fullJoinWaitlist: 'Full: waitlist',
  waitlistHeading: 'This session is full',
  /** The venue's hold in minutes, once the player's waitlist state has told it. */
  waitlistText: (holdMinutes: number | undefined) =>
    `Join the waitlist for free. When a seat frees up, the first player in line is offered it by email and on this site, and it is held for them for ${holdMinutes === undefined ? 'a few minutes' : `${holdMinutes} minutes`}: accepting books it for ${GAME_COST_CREDITS} credits.`,
  joinWaitlist: 'Join the Waitlist',
  waitlistNotEnough: (credits: number) =>
    `You need at least ${GAME_COST_CREDITS} credits to join the waitlist. You have ${credits}.`,
  leaveWaitlist: 'Leave the Waitlist',
  placeInLine: (place: number) => `You are number ${place} in line.`,
  waitlistLeaveAnyTime: 'You can leave the waitlist at any time.',
  seatsFreeAgain: 'A seat is free again on this session.',
  bookThisSession: 'Book This Session',
  waitlistFailed: 'The waitlist could not be changed. Please try again.',
  // The player's places on /dashboard
  myWaitlistHeading: 'My Waitlist',
  waitlistSeatHeld: 'A seat is held for you: accept or decline it at the foot of the page.',
  leave: 'Leave',
  leaveWaitlistFor: (when: string) => `Leave the waitlist for ${when}`,
  leftWaitlist: (when: string) => `You left the waitlist for ${when}.`,
  // The offer banner (every page, signed in)
  offerHeading: 'A seat is free for you',
  offerText: (when: string) =>
    `Your turn on the waitlist came: a seat on the session of ${when} is held for you.`,
  offerHeldFor: 'Held for',
  offerTimerUnits: '(minutes, seconds)',
  acceptOffer: `Accept (${GAME_COST_CREDITS} credits)`,
  declineOffer: 'Decline',
  offerNotEnough: (credits: number) =>
    `You have ${credits} credits: you need ${GAME_COST_CREDITS} to accept. The seat stays held for you while you buy more.`,
  offerBuyCredits: 'Buy Credits',
  purchaseSectionHref: '/#purchase-credits',
  offerFailed: 'The seat could not be booked. Please try again.',
  offerAccepted: 'The seat is yours: find it in My Sessions.',
  offerDeclined: 'You declined the seat: it goes to the next player in line.',
  mySessions: 'My Sessions',
  dismiss: 'Dismiss',
} as const;
