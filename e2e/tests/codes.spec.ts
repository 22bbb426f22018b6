// Codes against the real server: the redeem modal of /'s Purchase Credits (the seeded promo code
// adds 16 credits once per player; a made-up code is refused) and /experience-card (the login
// gate, 'Please enter a code.', 'Invalid code.', a Game Pass bought with a Game Pack redeemed once,
// 'Game Pass Redeemed' and 'Join Game'). Each state passes axe and fits a phone's width.
import { codeRedeemedMessage, ERRORS, MESSAGES } from '@questfield/contract';
import type { Locator, Page } from '@playwright/test';
import { expectFocusOnAccountButton, newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { madeUpCode, PROMO_CODE } from '../support/codes';
import { expect, test } from '../support/fixtures';

const GOOD_CARD = '4111 1111 1111 1111';

/** MM/YY two years ahead: any future date works in the sandbox. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** The text colour as drawn (sRGB), whatever colour space the style names it in. */
function drawnColour(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

async function expectGreen(locator: Locator) {
  const [r, g, b] = await drawnColour(locator);
  expect(g, `rgb(${r}, ${g}, ${b}) is green`).toBeGreaterThan(Math.max(r, b));
}

async function expectRed(locator: Locator) {
  const [r, g, b] = await drawnColour(locator);
  expect(r, `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(Math.max(g, b));
}

/**
 * 'Credits n' in the header: beside the avatar on a wide screen (read from the header element:
 * while a modal is open the banner is hidden from the accessibility tree), in the menu on a phone.
 */
async function expectHeaderCredits(page: Page, isMobile: boolean, credits: number) {
  if (isMobile) {
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText(/^Credits\s*\d+$/)).toHaveText(`Credits ${credits}`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  } else {
    await expect(page.locator('header').getByText(/^Credits\s*\d+$/)).toHaveText(
      `Credits ${credits}`,
    );
  }
  expect(await page.evaluate(() => localStorage.getItem('credits'))).toBe(String(credits));
}

async function expectFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);
}

test('the redeem modal: the promo code adds 16 credits once, a made-up code is refused', async ({
  page,
  isMobile,
  expectProblem,
}) => {
  test.slow(); // a sign-up, three redemptions and three accessibility scans
  // The refusals are the server's 409 and 400; the browser logs them too.
  expectProblem(/^HTTP 409: .*\/api\/Users\/RedeemCode$/);
  expectProblem(/^HTTP 400: .*\/api\/Users\/RedeemCode$/);
  expectProblem(/^console error: Failed to load resource: .* 409/);
  expectProblem(/^console error: Failed to load resource: .* 400/);
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  await expectHeaderCredits(page, isMobile, 0);

  const section = page.getByRole('region', { name: 'Purchase Credits' });
  const opener = section.getByRole('button', { name: 'Redeem Code' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Code' });
  const input = dialog.getByLabel('Code', { exact: true });
  const redeem = dialog.getByRole('button', { name: 'Redeem', exact: true });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('autocomplete', 'off');
  await expect(redeem).toBeDisabled();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Typed in lower case, shown (and sent) in capitals.
  await input.pressSequentially(PROMO_CODE.toLowerCase());
  await expect(input).toHaveValue(PROMO_CODE.toUpperCase());
  await redeem.click();
  const status = dialog.getByRole('status');
  await expect(status).toHaveText(codeRedeemedMessage(16));
  await expect(status).toContainText('added');
  await expectGreen(status);
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);
  if (!isMobile) await expectHeaderCredits(page, isMobile, 16);

  // The same code again: once per player.
  await input.fill(PROMO_CODE);
  await redeem.click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(ERRORS.PROMO_ALREADY_REDEEMED.message);
  await expectRed(alert);
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await input.fill(madeUpCode());
  await expect(alert).toBeHidden();
  await input.press('Enter');
  await expect(alert).toHaveText(ERRORS.PROMO_INVALID.message);
  await expectRed(alert);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectHeaderCredits(page, isMobile, 16);
});

test('/experience-card: the gate, the spec messages, a Game Pass redeemed once, Join Game', async ({
  page,
  isMobile,
  expectProblem,
}) => {
  test.slow(); // a purchase, the dashboard and three redemptions
  expectProblem(/^HTTP 404: .*\/api\/Items\/Redeem$/);
  expectProblem(/^HTTP 409: .*\/api\/Items\/Redeem$/);
  expectProblem(/^console error: Failed to load resource: .* 404/);
  expectProblem(/^console error: Failed to load resource: .* 409/);

  // A visitor: the page's heading and the login gate, no form.
  await page.goto('/experience-card');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redeem your Experience Card');
  const gate = page.getByRole('region', { name: 'Sign in to continue' });
  await expect(gate.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);

  await signUp(page, isMobile, newPlayer());
  await expect(gate).toBeHidden();
  await expectFocusOnAccountButton(page, isMobile);
  const input = page.getByLabel('Experience card or Game Pass code');
  const redeem = page.getByRole('button', { name: 'Redeem', exact: true });
  const alert = page.getByRole('main').getByRole('alert');

  // Nothing typed: refused here, without a request.
  await redeem.click();
  await expect(alert).toHaveText(ERRORS.CODE_REQUIRED.message);
  await expectRed(alert);
  await expect(input).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await input.fill(madeUpCode());
  await redeem.click();
  await expect(alert).toHaveText(ERRORS.CODE_INVALID.message);
  await expect(input).toBeFocused();
  await expectFitsTheScreen(page);

  // A Game Pack brings one Game Pass; the dashboard lists its code.
  await page.goto('/promo');
  await page.getByRole('button', { name: /^Buy Now: Game Pack x1 for / }).click();
  const purchase = page.getByRole('dialog', { name: 'Game Pack x1' });
  await purchase.getByLabel('Card number').fill(GOOD_CARD);
  await purchase.getByLabel('Expiry date').fill(futureExpiry());
  await purchase.getByLabel('CVV', { exact: true }).fill('111');
  await purchase.getByLabel('Postal code').fill('10001');
  await purchase.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(MESSAGES.itemPaid)).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  const passes = page.getByRole('region', { name: 'My Game Passes' });
  const pass = passes.getByRole('listitem');
  await expect(pass).toHaveCount(1);
  await expect(pass).toContainText('Not redeemed yet');
  const code = (await pass.locator('code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

  // Redeemed from /experience-card, typed as a player might: lower case, no dashes.
  await passes.getByRole('link', { name: 'Redeem a Game Pass' }).click();
  await expect(page).toHaveURL(/\/experience-card$/);
  await input.pressSequentially(code.replaceAll('-', ' ').toLowerCase());
  await expect(input).toHaveValue(code.replaceAll('-', ' '));
  await redeem.click();
  const dialog = page.getByRole('dialog', { name: 'Game Pass Redeemed' });
  await expect(dialog).toContainText(codeRedeemedMessage(16));
  const join = dialog.getByRole('button', { name: 'Join Game' });
  await expect(join).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);

  await join.click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game');
  await expect(dialog).toBeHidden();
  await expectHeaderCredits(page, isMobile, 16);

  // The same code again: a Game Pass redeems once.
  await page.goBack();
  await expect(page).toHaveURL(/\/experience-card$/);
  await input.fill(code);
  await redeem.click();
  await expect(alert).toHaveText(ERRORS.CODE_ALREADY_REDEEMED.message);
  await expect(input).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The dashboard shows the pass redeemed.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  await expect(passes.getByRole('listitem')).toContainText('Redeemed');
  await expect(passes.getByRole('listitem')).not.toContainText('Not redeemed yet');
});
