/**
 * Every page of the web app (spec §2), by the name the web's route table uses. The web router
 * renders these; the server answers them with 200 and any other page path with 404, so both
 * sides must read this one list.
 */
export const PAGE_PATHS = {
  home: '/',
  game: '/game',
  dashboard: '/dashboard',
  comingSoon: '/coming-soon',
  mobileRewards: '/mobile-rewards',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  promo: '/promo',
  hostPack: '/hostpack',
  experienceCard: '/experience-card',
  livestream: '/livestream',
  communityPartnerships: '/community-partnerships',
  soundtrack: '/soundtrack',
  store: '/store',
  esports: '/esports',
  /** A reminder mail's unsubscribe link: one button that turns game reminders off (ADR 0033). */
  unsubscribe: '/unsubscribe',
  /** A party's invite (ADR 0065): the token rides in the fragment, `/invite#<token>`. */
  invite: '/invite',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

const PAGES_BY_PATH = new Map<string, PageName>(
  Object.entries(PAGE_PATHS).map(([name, path]) => [path, name as PageName]),
);

/**
 * The page the web router shows for this URL (query ignored), or undefined when it has none.
 * Matches as React Router does by default: case-insensitive, trailing slashes ignored.
 */
export function pageNameOf(url: string): PageName | undefined {
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return PAGES_BY_PATH.get(pathname.replace(/\/+$/, '') || '/');
}

/**
 * The operator console: a second surface of the same app, for staff and admins only. Not a page
 * of the player site: never prerendered, no link to it, and a player who opens it sees the
 * not-found page. The server answers it (and every path under it) with the app's index.html.
 */
export const CONSOLE_PATH = '/operator';

export function isConsolePath(url: string): boolean {
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
}
