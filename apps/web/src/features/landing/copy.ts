import {
  BRAND_NAME,
  GAME_COST_CREDITS,
  GAME_LENGTH_MINUTES,
  SLOT_CAPACITY,
} from '@questfield/contract';

/** Copy of this feature; the spec's own texts come from the contract's MESSAGES. */
export const landingCopy = {
  eyebrow: 'Timed multiplayer quests',
  tagline:
    'Gather your crew, race through the maze and climb the leaderboard. Real-time quest sessions for teams, venues and live audiences.',
  primaryCta: 'Purchase Credits',
  secondaryCta: 'Plan an event',
  videoCaption: 'A biblical trivia game, played together',
  stats: [
    { value: `${GAME_LENGTH_MINUTES} min`, label: 'per session' },
    { value: `${SLOT_CAPACITY}`, label: 'players per time slot' },
    { value: `${GAME_COST_CREDITS}`, label: 'credits to play' },
  ],
  howItWorksHeading: 'How a session works',
  steps: [
    {
      title: 'Get credits',
      body: 'Credits are the currency of every quest. Buy a bundle by card or redeem a code you were given.',
    },
    {
      title: 'Book a time slot',
      body: `Pick a day and a ${GAME_LENGTH_MINUTES}-minute slot. A session costs ${GAME_COST_CREDITS} credits and holds up to ${SLOT_CAPACITY} players.`,
    },
    {
      title: 'Play together',
      body: 'A countdown tells you when the doors open. Join the maze with your crew and chase the top of the leaderboard.',
    },
  ],
  bookingHeading: 'Book a session',
  bookingIntro: `Pick a day and a time slot and book your seat: ${GAME_COST_CREDITS} credits a session.`,
  purchaseHeading: 'Purchase Credits',
  purchaseIntro: 'Bundles of 16 to 64 credits, paid securely by card, with codes redeemable too.',
  creditPacksLabel: 'Credit packs',
  creditsUnit: 'Credits',
  buyNow: 'Buy Now',
  /** The name assistive technology reads for each Buy Now (the visible text comes first). */
  buyNowLabel: (credits: number, price: string) => `Buy Now: ${credits} Credits for ${price}`,
  consultationHeading: 'Planning something bigger?',
  consultationBody:
    'Team days, venue nights, school trips and live audiences: tell us what you have in mind and we will help you shape a quest experience around it.',
  consultationCta: 'Contact us by email',
  consultationSubject: `${BRAND_NAME} consultation`,
} as const;
