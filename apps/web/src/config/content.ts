import {
  BRAND_NAME,
  CONTACT,
  SESSION_COST_CREDITS,
  SESSION_LENGTH_MINUTES,
  SLOT_CAPACITY,
} from '@questfield/contract';

/**
 * Interface copy that the contract does not hold. The spec's own texts come from the
 * contract's MESSAGES; the long legal documents live beside the legal feature so that
 * they load only with their pages.
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

export const authCopy = {
  close: 'Close',
  // Sign in (spec §2)
  signInTitle: 'Sign in',
  signInDescription: `Welcome back to ${BRAND_NAME}.`,
  newUser: 'New user?',
  createAccount: 'Create an account',
  emailLabel: 'Email address',
  emailPlaceholder: 'Enter your email',
  passwordLabel: 'Password',
  passwordPlaceholder: 'Enter your password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  forgotPassword: 'Forgot password?',
  signInSubmit: 'Sign In',
  // Sign up
  signUpTitle: 'Sign Up',
  signUpDescription: 'Create your player account to hold credits and book sessions.',
  haveAccount: 'Have an Account?',
  logIn: 'Log In',
  usernameLabel: 'Username',
  usernamePlaceholder: 'Choose a username',
  newPasswordPlaceholder: 'Create a password',
  signUpSubmit: 'Sign Up',
  // Forgot and reset password
  forgotTitle: 'Forgot Password',
  forgotDescription: 'We will e-mail you a 6-digit recovery code.',
  sendRecoveryCode: 'Send Recovery Code',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodePlaceholder: '6-digit code',
  verifyCode: 'Verify Code',
  backToSignIn: 'Sign In',
  resetTitle: 'Reset Password',
  resetDescription: 'Choose a new password for your account.',
  newPasswordLabel: 'New Password',
  confirmPasswordLabel: 'Confirm New Password',
  resetSubmit: 'Reset Password',
  back: 'Back',
  // Account settings
  settingsTitle: 'Account Settings',
  settingsDescription: 'Your e-mail address cannot be changed here.',
  emailField: 'Email',
  userNameField: 'User Name',
  firstNameField: 'First Name',
  lastNameField: 'Last Name',
  edit: (field: string) => `Edit ${field}`,
  notSet: 'Not set',
  update: 'Update',
  // Header and menu
  credits: 'Credits',
  accountMenu: 'Account menu',
  accountSettings: 'Account Settings',
  logOut: 'Log Out',
  contactUs: 'Contact Us',
  // Login gate (spec §4)
  gateSignInHeading: 'Sign in to continue',
  gateSignInText: 'Sign in to buy credits, book sessions and redeem your codes.',
  gateSignUpHeading: 'New here? Create an account',
  gateSignUpText: 'An account holds your credits, bookings and redeemed codes.',
} as const;

export const pendingCopy = {
  badge: 'Coming in this release',
} as const;

/** The short, honest body each unfinished page shows under its real heading. */
export const pendingPages = {
  game: {
    heading: 'Game',
    body: 'Joining a live session with an access code, and playing it right here, are coming in this release.',
  },
  dashboard: {
    heading: 'Dashboard',
    body: 'Your credit balance and the Score, Time and Distance leaderboards are coming in this release.',
  },
  promo: {
    heading: 'Game Pack',
    body: 'The promo video, Game Pack purchases and the Play Now quick buy are coming in this release.',
  },
  hostPack: {
    heading: 'Host Pack',
    body: 'The Host Pack video and pre-orders are coming in this release.',
  },
  experienceCard: {
    heading: 'Redeem your Experience Card',
    body: 'Redeeming an experience card code for a Game Pack is coming in this release.',
  },
  livestream: {
    heading: 'Live Streaming',
    body: 'The live channel player is coming in this release.',
  },
  communityPartnerships: {
    heading: 'Community & Partnerships',
    body: 'The partnership application form is coming in this release.',
  },
} as const;

export const landingCopy = {
  eyebrow: 'Timed multiplayer quests',
  tagline:
    'Gather your crew, race through the maze and climb the leaderboard. Real-time quest sessions for teams, venues and live audiences.',
  primaryCta: 'Purchase Credits',
  secondaryCta: 'Plan an event',
  stats: [
    { value: `${SESSION_LENGTH_MINUTES} min`, label: 'per session' },
    { value: `${SLOT_CAPACITY}`, label: 'players per time slot' },
    { value: `${SESSION_COST_CREDITS}`, label: 'credits to play' },
  ],
  howItWorksHeading: 'How a session works',
  steps: [
    {
      title: 'Get credits',
      body: 'Credits are the currency of every quest. Buy a bundle by card or redeem a code you were given.',
    },
    {
      title: 'Book a time slot',
      body: `Pick a day and a ${SESSION_LENGTH_MINUTES}-minute slot. A session costs ${SESSION_COST_CREDITS} credits and holds up to ${SLOT_CAPACITY} players.`,
    },
    {
      title: 'Play together',
      body: 'A countdown tells you when the doors open. Join the maze with your crew and chase the top of the leaderboard.',
    },
  ],
  bookingHeading: 'Book a session',
  bookingPending: 'Booking and credit purchases are coming in this release.',
  purchaseHeading: 'Purchase Credits',
  purchaseIntro: 'Bundles of 16 to 64 credits, paid securely by card, with codes redeemable too.',
  purchasePending:
    'Credit bundles, card payments and the Redeem Code button are coming in this release.',
  consultationHeading: 'Planning something bigger?',
  consultationBody:
    'Team days, venue nights, school trips and live audiences: tell us what you have in mind and we will help you shape a quest experience around it.',
  consultationCta: 'Contact us by email',
  consultationSubject: `${BRAND_NAME} consultation`,
} as const;

export const storeCopy = {
  heading: 'Store',
  intro: `Tickets to ${BRAND_NAME} events and official merchandise, all in one place.`,
  eventsHeading: 'Events',
  merchandiseHeading: 'Merchandise',
} as const;

export const soundtrackCopy = {
  intro: 'Every Game Pack comes with seven digital music soundtracks to keep the quest going.',
} as const;

export const esportsCopy = {
  heading: 'Esports',
  intro: 'Find your squad, watch the action live and never miss a promotion.',
  groupChat: {
    title: "Join the players' group chat",
    body: 'Meet other players, form teams and hear about new quests first.',
    newTab: '(opens in a new tab)',
  },
  livestream: { title: 'Watch the livestream', body: 'Follow live sessions as they happen.' },
  promotions: { title: 'Special promotions', body: 'Game Pack offers and limited deals.' },
  email: {
    title: 'Email us',
    body: `Questions about tournaments? Write to ${CONTACT.supportEmail}.`,
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

export const legalCopy = {
  effectiveLabel: 'Effective date:',
  contentsLabel: 'Contents',
  backToTop: 'Back to top',
} as const;
