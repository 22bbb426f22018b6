// Every route of spec §2 at phone and desktop size (the two projects): the right heading and text,
// no console error or failed request (see fixtures), no serious axe violation, nothing wider than
// the screen, and (outside CI) a full-page screenshot kept with the results.
import { CONTACT, MESSAGES } from '@questfield/contract';
import { seriousA11yViolations } from '../support/axe';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

type RouteCheck = {
  path: string;
  h1: string | RegExp;
  text: string;
  title: string;
  /** The document's HTTP status: 404 for a path the app has no page for. */
  status?: number;
};

const ROUTES: RouteCheck[] = [
  { path: '/', h1: 'Questfield', text: 'Purchase Credits', title: 'Questfield' },
  {
    path: '/game',
    h1: 'Game',
    text: 'Have an access code from a friend',
    title: 'Game · Questfield',
  },
  { path: '/dashboard', h1: 'Dashboard', text: 'Leaderboard', title: 'Dashboard' },
  {
    path: '/coming-soon',
    h1: MESSAGES.comingSoonHeading.trim(),
    text: MESSAGES.comingSoonText,
    title: 'Coming Soon',
  },
  {
    path: '/mobile-rewards',
    h1: MESSAGES.comingSoonHeading.trim(),
    text: MESSAGES.comingSoonText,
    title: 'Mobile Rewards',
  },
  {
    path: '/terms-and-conditions',
    h1: 'Terms & Conditions',
    text: 'May 7, 2025',
    title: 'Terms & Conditions',
  },
  { path: '/privacy-policy', h1: 'Privacy Policy', text: 'May 7, 2025', title: 'Privacy Policy' },
  { path: '/promo', h1: 'Game Pack', text: 'Play Now for $17.99', title: 'Promo' },
  { path: '/hostpack', h1: 'Host Pack', text: MESSAGES.preorderNow, title: 'Host Pack' },
  {
    path: '/experience-card',
    h1: 'Redeem your Experience Card',
    text: 'experience card code',
    title: 'Experience Card',
  },
  {
    path: '/livestream',
    h1: 'Live Streaming',
    text: 'live channel player',
    title: 'Live Streaming',
  },
  {
    path: '/community-partnerships',
    h1: 'Community & Partnerships',
    text: 'apply for a partnership',
    title: 'Community & Partnerships',
  },
  {
    path: '/soundtrack',
    h1: MESSAGES.soundtrackHeading,
    text: MESSAGES.soundtrackEmpty,
    title: 'Soundtrack',
  },
  { path: '/store', h1: 'Store', text: MESSAGES.storeMerchEmpty, title: 'Store' },
  { path: '/esports', h1: 'Esports', text: 'Watch the livestream', title: 'Esports' },
  // Without its fragment an invite link is not valid, and the page asks the server nothing.
  {
    path: '/invite',
    h1: 'Party invite',
    text: 'This invite link is not valid.',
    title: 'Party invite',
  },
  {
    path: '/no/such/page',
    h1: MESSAGES.notFoundHeading.trim(),
    text: MESSAGES.notFoundText,
    title: 'Page not found',
    status: 404,
  },
];

for (const route of ROUTES) {
  test(`${route.path} renders and passes the checks`, async ({ page, expectProblem }, testInfo) => {
    const status = route.status ?? 200;
    if (status !== 200) {
      expectProblem(new RegExp(`HTTP ${status}: .*${escapeRegExp(route.path)}$`));
      // Chromium reports any error status of the document itself on the console.
      expectProblem(new RegExp(`console error: Failed to load resource: .* ${status} `));
    }
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(status);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    await expect(page.getByText(route.text, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(route.title)));
    await expect(page.getByRole('contentinfo')).toContainText(MESSAGES.copyright);
    await expect(page.getByRole('contentinfo')).toContainText(CONTACT.phone);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await unsizedOrBrokenImages(page), 'pictures without a size, or not drawn').toEqual([]);

    // For a person looking at the pages; CI keeps no artifacts, so it saves the time.
    if (!process.env.CI) {
      await testInfo.attach('screenshot', {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
  });
}

/**
 * Every picture of the page has its width and height set, so nothing shifts while it loads, and
 * each one this screen size shows (lazy ones brought into view first) has been drawn.
 */
async function unsizedOrBrokenImages(page: Page): Promise<string[]> {
  for (const image of await page.locator('img').all()) {
    if (!(await image.isVisible())) continue; // a picture this screen size leaves out
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  }
  return page
    .locator('img')
    .evaluateAll((images: HTMLImageElement[]) =>
      images
        .filter(
          (img) =>
            !img.getAttribute('width') ||
            !img.getAttribute('height') ||
            (img.checkVisibility() && img.naturalWidth === 0),
        )
        .map((img) => img.getAttribute('src') ?? ''),
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
