import { GAME_COST_CREDITS, GAME_LENGTH_MINUTES, PARTY } from '@questfield/contract';

const seatsText = (seats: number) => `${seats} ${seats === 1 ? 'seat' : 'seats'}`;

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
  // The seats of a booking: the player's own, or a party (ADR 0065)
  seatsLegend: 'Seats',
  seatsHint: `Up to ${PARTY.maxSeats}: one is yours, and each other seat gets an invite link for a friend, who claims it free.`,
  /** '4 seats · 8 credits': what the booking takes. */
  seatsTotal: (seats: number) => `${seatsText(seats)} · ${seats * GAME_COST_CREDITS} credits`,
  seatsOption: (seats: number) => `${seatsText(seats)}, ${seats * GAME_COST_CREDITS} credits`,
  seatsLimited: (most: number) =>
    `Up to ${seatsText(most)} here: your credits and the seats left on this session allow no more.`,
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
  // A party booked (ADR 0065)
  invitesHeading: 'Invite your friends',
  invitesText:
    'Send each friend one link: they open it, sign in or sign up, and claim the seat free. A seat nobody claims stays yours; you can cancel it from your dashboard.',
  /** A party's seat as labels name it: the leader's is seat 1. */
  guestSeat: (number: number) => `guest seat ${number}`,
  guestSeatTitle: (number: number) => `Guest seat ${number}`,
  // The invite page, /invite#<token> (ADR 0065)
  inviteReading: 'Reading your invite…',
  inviteHeading: (leader: string) => `${leader} invites you to play`,
  inviteText: (minutes: number) =>
    `A seat in a live ${minutes}-minute Questfield game is waiting for you, paid for by your host: claiming it is free.`,
  inviteSession: 'Game starts',
  inviteSignIn: 'Sign in to claim your seat',
  inviteSignUp: 'Sign up',
  inviteSignUpPrompt: 'New here? Create an account, then claim the seat.',
  claimSeat: 'Claim seat',
  inviteLoadFailed: 'The invite could not be loaded.',
  claimFailed: 'The seat could not be claimed. Please try again.',
  inviteBook: 'Book a session',
  inviteBookText: 'You can still book a seat of your own.',
  claimedHeading: 'Your seat is claimed',
  goToDashboard: 'Go to your dashboard',
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
  // A party's place (ADR 0066): one place for every seat, offered together or not at all.
  waitlistSeatsLimited: (most: number) =>
    `Up to ${seatsText(most)} here: a party needs ${GAME_COST_CREDITS} credits a seat in hand to join.`,
  partyPlace: (seats: number) =>
    `For your party of ${seats}: its ${seatsText(seats)} are offered together, never split, as soon as that many are free.`,
  waitlistLeaveAnyTime: 'You can leave the waitlist at any time.',
  seatsFreeAgain: 'A seat is free again on this session.',
  bookThisSession: 'Book This Session',
  waitlistFailed: 'The waitlist could not be changed. Please try again.',
  // The player's places on /dashboard
  myWaitlistHeading: 'My Waitlist',
  waitlistSeatHeld: 'A seat is held for you: accept or decline it at the foot of the page.',
  waitlistPartySeatsHeld: (seats: number) =>
    `${seatsText(seats)} are held for your party: accept or decline them at the foot of the page.`,
  /** 'Party of 3' beside a party's place in My Waitlist. */
  partyOf: (seats: number) => `Party of ${seats}`,
  leave: 'Leave',
  leaveWaitlistFor: (when: string) => `Leave the waitlist for ${when}`,
  leftWaitlist: (when: string) => `You left the waitlist for ${when}.`,
  // The offer banner (every page, signed in)
  offerHeading: 'A seat is free for you',
  offerText: (when: string) =>
    `Your turn on the waitlist came: a seat on the session of ${when} is held for you.`,
  offerHeadingParty: (seats: number) => `${seatsText(seats)} are free for your party`,
  offerTextParty: (when: string, seats: number) =>
    `Your turn on the waitlist came: ${seatsText(seats)} together on the session of ${when} are held for your party.`,
  acceptPartyOffer: (seats: number) => `Accept (${seats * GAME_COST_CREDITS} credits)`,
  offerPartyNotEnough: (credits: number, seats: number) =>
    `You have ${credits} credits: you need ${seats * GAME_COST_CREDITS} to accept, ${GAME_COST_CREDITS} a seat. The seats stay held for you while you buy more.`,
  offerPartyAccepted: "Your party's seats are yours: send each friend their invite link.",
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
