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
  slotsFailed: 'The available times could not be loaded. Please try again.',
  retry: 'Try again',
  spotsLeft: (available: number, capacity: number) => `${available}/${capacity} left`,
  full: 'Full',
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
} as const;
