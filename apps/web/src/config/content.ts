import { ARK_OF_ANSWERS, BRAND_NAME, GAME_PASS_CREDITS } from '@questfield/contract';

/**
 * Copy shared by the shell and several routes (header, footer, placeholders, errors). Each
 * feature's own copy lives in its `copy.ts`; the spec's own texts come from the contract's
 * MESSAGES.
 */

export const mailto = (address: string, subject?: string) =>
  subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;

/** 'tel:+442079460321' from '+44 20 7946 0321'. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

export const shellCopy = {
  skipToContent: 'Skip to content',
  homeLinkLabel: `${BRAND_NAME} home`,
  mainNavLabel: 'Main',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuTitle: 'Menu',
  mobileNavLabel: 'Menu links',
} as const;

export const footerCopy = {
  about: `${BRAND_NAME} lets users enhance experiences and engage audiences through gamification, with timed multiplayer quests, leaderboards and rewards that turn any crowd into a team of players.`,
  quickLinksHeading: 'Quick links',
  contactHeading: 'Contact',
  socialHeading: 'Social media',
  socialPlaceholderNote: '(coming soon)',
  legalNavLabel: 'Legal',
  contactUs: 'Contact Us',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
  social: ['Instagram', 'Twitter', 'Facebook', 'Youtube', 'LinkedIn'],
} as const;

export type SocialNetwork = (typeof footerCopy.social)[number];

/** The heading and the one-sentence intro of pages whose feature has no copy of its own. */
export const pageIntros = {
  game: {
    heading: 'Game',
    body: 'Your live session opens here. Have an access code from a friend? Join their session with it.',
  },
  experienceCard: {
    heading: 'Redeem your Experience Card',
    body: `Enter your experience card code to add ${GAME_PASS_CREDITS} credits to your account. The Game Pass codes of your Game Packs redeem here too.`,
  },
  communityPartnerships: {
    heading: 'Community & Partnerships',
    body: 'Run a venue, a club or a brand and want to bring Questfield to your community? Tell us about it below to apply for a partnership.',
  },
} as const;

/**
 * The videos of the landing and product pages (small generated samples), their posters and
 * captions, served from the web app's public folder. A video is asked for only when played
 * (`preload="none"`); the experiences' videos are in their list (features/experiences).
 */
export const media = {
  promoVideo: {
    src: '/media/promo.mp4',
    poster: '/media/promo-poster.svg',
    captions: '/media/promo.vtt',
    label: 'Game Pack promo video',
  },
  hostPackVideo: {
    src: '/media/hostpack.mp4',
    poster: '/media/hostpack-poster.svg',
    captions: '/media/hostpack.vtt',
    label: 'Host Pack video',
  },
  landingVideo: {
    src: '/media/landing.mp4',
    poster: '/media/landing-poster.jpg',
    captions: '/media/landing.vtt',
    label: `${ARK_OF_ANSWERS} video`,
  },
} as const;

export const notFoundCopy = {
  title: 'Page not found',
  homeLink: 'Back to home',
} as const;

export const errorCopy = {
  heading: 'Something went wrong',
  body: 'We could not show this page. Reloading usually fixes it; if it keeps happening, please let us know.',
  reload: 'Reload the page',
  home: 'Go to the home page',
  network: 'We could not reach the server. Check your connection and try again.',
  invalidResponse: 'The server sent an answer we could not read. Please try again.',
} as const;

/** A time on the venue's clock, and the viewer's beside it (components/ui/clock-time.tsx). */
export const clockCopy = {
  yourTime: (time: string) => `${time} your time`,
} as const;

/**
 * A party's invite link (ADR 0065), as the booking's confirmation and the dashboard's parties
 * show it (components/ui/invite-link.tsx). `seat` names the seat: 'guest seat 2'.
 */
export const inviteCopy = {
  linkLabel: (seat: string) => `Invite link for ${seat}`,
  copy: 'Copy',
  copyLabel: (seat: string) => `Copy the invite link for ${seat}`,
  copied: 'Copied',
  copyFailed: 'Copy failed: select the link and copy it by hand.',
  share: 'Share',
  shareLabel: (seat: string) => `Share the invite link for ${seat}`,
  shareTitle: 'Play a Questfield game with me',
  shareText: (when: string) =>
    `I booked you a seat in my Questfield game on ${when}. Claim it here:`,
  qrLabel: (seat: string) => `QR code of the invite link for ${seat}`,
} as const;
