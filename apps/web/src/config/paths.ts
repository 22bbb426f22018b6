import { BRAND_NAME, CONSOLE_PATH, PAGE_PATHS, type PageName } from '@questfield/contract';

export type HeaderVariant = 'default' | 'dark';

export type AppPath = {
  /** The URL pattern the router matches. */
  path: string;
  /** The name used in navigation and in the document title. */
  label: string;
  /** `default` floats the header over the page's hero; `dark` puts it on a black bar. */
  header: HeaderVariant;
};

/**
 * Every page of the product (spec §2), in one table the router, the header and the footer share.
 * The paths are the contract's PAGE_PATHS, which the server answers with 200 (any other, 404).
 */
export const paths = {
  home: { path: PAGE_PATHS.home, label: 'Home', header: 'default' },
  game: { path: PAGE_PATHS.game, label: 'Game', header: 'dark' },
  dashboard: { path: PAGE_PATHS.dashboard, label: 'Dashboard', header: 'dark' },
  comingSoon: { path: PAGE_PATHS.comingSoon, label: 'Coming Soon', header: 'dark' },
  mobileRewards: { path: PAGE_PATHS.mobileRewards, label: 'Mobile Rewards', header: 'dark' },
  termsAndConditions: {
    path: PAGE_PATHS.termsAndConditions,
    label: 'Terms & Conditions',
    header: 'dark',
  },
  privacyPolicy: { path: PAGE_PATHS.privacyPolicy, label: 'Privacy Policy', header: 'dark' },
  promo: { path: PAGE_PATHS.promo, label: 'Promo', header: 'default' },
  hostPack: { path: PAGE_PATHS.hostPack, label: 'Host Pack', header: 'default' },
  experienceCard: { path: PAGE_PATHS.experienceCard, label: 'Experience Card', header: 'dark' },
  livestream: { path: PAGE_PATHS.livestream, label: 'Live Streaming', header: 'dark' },
  communityPartnerships: {
    path: PAGE_PATHS.communityPartnerships,
    label: 'Community & Partnerships',
    header: 'dark',
  },
  soundtrack: { path: PAGE_PATHS.soundtrack, label: 'Soundtrack', header: 'dark' },
  store: { path: PAGE_PATHS.store, label: 'Store', header: 'dark' },
  esports: { path: PAGE_PATHS.esports, label: 'Esports', header: 'dark' },
  unsubscribe: { path: PAGE_PATHS.unsubscribe, label: 'Game reminders', header: 'dark' },
  /** A party's invite link (ADR 0065), `/invite#<token>`. */
  invite: { path: PAGE_PATHS.invite, label: 'Party invite', header: 'dark' },
} as const satisfies Record<PageName, AppPath>;

/**
 * Where a "Book a session" link goes: the home page, whose booking section opens the booking
 * modal for a signed-in player on this hash (a visitor sees the section).
 */
export const BOOK_SESSION_HASH = '#book-session';
export const bookSessionLink = { pathname: paths.home.path, hash: BOOK_SESSION_HASH };

/**
 * The operator console's screens (staff and admins only), below the contract's CONSOLE_PATH:
 * one table the router, the console's navigation and its links share, as `paths` is for the
 * pages. A `:name` segment is filled in by react-router's generatePath.
 */
export const consolePaths = {
  home: CONSOLE_PATH,
  schedule: `${CONSOLE_PATH}/schedule`,
  week: `${CONSOLE_PATH}/week`,
  players: `${CONSOLE_PATH}/players`,
  player: `${CONSOLE_PATH}/players/:playerId`,
  codes: `${CONSOLE_PATH}/codes`,
  codeBatch: `${CONSOLE_PATH}/codes/:batchId`,
  orders: `${CONSOLE_PATH}/orders`,
  reports: `${CONSOLE_PATH}/reports`,
  auditLog: `${CONSOLE_PATH}/audit-log`,
  approvals: `${CONSOLE_PATH}/approvals`,
  settings: `${CONSOLE_PATH}/settings`,
  /** One game's roster, printable (`?day=YYYY-MM-DD&time=HH:MM`). */
  roster: `${CONSOLE_PATH}/roster`,
} as const;

export type ConsoleScreen = keyof typeof consolePaths;

/** The header's desktop navigation and the mobile menu (spec §2, "Shared header"). */
export const headerNav: readonly AppPath[] = [
  paths.home,
  paths.dashboard,
  paths.communityPartnerships,
  paths.soundtrack,
  paths.store,
  paths.livestream,
];

/** The footer's quick links (spec §2, "Shared footer"). */
export const footerQuickLinks: readonly AppPath[] = [
  paths.dashboard,
  paths.communityPartnerships,
  paths.soundtrack,
  paths.store,
  paths.livestream,
];

/** 'Store · Questfield'. */
export function pageTitle(label: string): string {
  return `${label} · ${BRAND_NAME}`;
}
