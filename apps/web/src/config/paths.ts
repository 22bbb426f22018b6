import { BRAND_NAME } from '@questfield/contract';

export type HeaderVariant = 'default' | 'dark';

export type AppPath = {
  /** The URL pattern the router matches. */
  path: string;
  /** The name used in navigation and in the document title. */
  label: string;
  /** `default` floats the header over the page's hero; `dark` puts it on a black bar. */
  header: HeaderVariant;
};

/** Every page of the product (spec §2), in one table the router, the header and the footer share. */
export const paths = {
  home: { path: '/', label: 'Home', header: 'default' },
  game: { path: '/game', label: 'Game', header: 'dark' },
  dashboard: { path: '/dashboard', label: 'Dashboard', header: 'dark' },
  comingSoon: { path: '/coming-soon', label: 'Coming Soon', header: 'dark' },
  mobileRewards: { path: '/mobile-rewards', label: 'Mobile Rewards', header: 'dark' },
  termsAndConditions: {
    path: '/terms-and-conditions',
    label: 'Terms & Conditions',
    header: 'dark',
  },
  privacyPolicy: { path: '/privacy-policy', label: 'Privacy Policy', header: 'dark' },
  promo: { path: '/promo', label: 'Promo', header: 'default' },
  hostPack: { path: '/hostpack', label: 'Host Pack', header: 'default' },
  experienceCard: { path: '/experience-card', label: 'Experience Card', header: 'dark' },
  livestream: { path: '/livestream', label: 'Live Streaming', header: 'dark' },
  communityPartnerships: {
    path: '/community-partnerships',
    label: 'Community & Partnerships',
    header: 'dark',
  },
  soundtrack: { path: '/soundtrack', label: 'Soundtrack', header: 'dark' },
  store: { path: '/store', label: 'Store', header: 'dark' },
  esports: { path: '/esports', label: 'Esports', header: 'dark' },
} as const satisfies Record<string, AppPath>;

export type PathKey = keyof typeof paths;

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
