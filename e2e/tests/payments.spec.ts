// Card payments against the real server and its offline test provider (Square's sandbox nonces):
// a credit pack bought with Square's good test card, a declined card, and a double click on Pay.
import { CSRF_HEADER, MESSAGES, type OrdersListResponse } from '@questfield/contract';
import type { Locator, Page } from '@playwright/test';
import { newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const GOOD_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

/** MM/YY two years ahead: any future date works in the sandbox. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

async function openPurchase(page: Page, credits: number): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^Buy Now: ${credits} Credits`) }).click();
  const dialog = page.getByRole('dialog', { name: `Purchase ${credits} Credits` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  return dialog;
}

async function enterCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date').fill(futureExpiry());
  await dialog.getByLabel('CVV', { exact: true }).fill('111');
  await dialog.getByLabel('Postal code').fill('10001');
}

/** The header's balance: the bar on a wide screen, the menu's sheet on a phone. */
async function expectHeaderCredits(page: Page, isMobile: boolean, credits: number) {
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('dialog')).toContainText(
      new RegExp(`Credits\\s*${credits}(?!\\d)`),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  } else {
    await expect(page.getByRole('banner')).toContainText(
      new RegExp(`Credits\\s*${credits}(?!\\d)`),
    );
  }
}

async function ordersOf(page: Page): Promise<OrdersListResponse> {
  // The page's own cookies: the session of the player signed in on it.
  const response = await page.request.post('/api/Orders/List', {
    headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
    data: {},
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as OrdersListResponse;
}

test('buy 16 credits with the sandbox Visa: the header and the dashboard show them', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openPurchase(page, 16);
  await expect(dialog).toContainText('Total: $17.99');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await enterCard(dialog, GOOD_CARD);
  await dialog.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText(MESSAGES.creditPackPaid(16))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Buy Now: 16 Credits/ })).toBeFocused();
  await expectHeaderCredits(page, isMobile, 16);
  expect(await page.evaluate(() => localStorage.getItem('credits'))).toBe('16');

  // No reload: the footer's link, and the dashboard reads the new balance and history.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    page.getByRole('region', { name: 'Your Credits' }).getByTestId('credit-balance'),
  ).toHaveText('16');
  await expect(page.getByRole('region', { name: 'Credit history' })).toContainText('+16');

  const { orders } = await ordersOf(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'paid', amount: '$17.99', credits: 16 });
});

test("a declined card says 'Payment failed. ' and grants nothing", async ({
  page,
  isMobile,
  expectProblem,
}) => {
  // The decline is the server's 402; the browser logs the failed request too.
  expectProblem(/^HTTP 402: .*\/api\/Square\/Checkout$/);
  expectProblem(/^console error: Failed to load resource: .* 402/);
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openPurchase(page, 16);

  await enterCard(dialog, DECLINED_CARD);
  await dialog.getByRole('button', { name: 'Pay' }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(MESSAGES.paymentFailedPrefix);
  await expect(alert).toHaveText(/^Payment failed\. .+/);
  await expect(dialog.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectHeaderCredits(page, isMobile, 0);
  expect(await page.evaluate(() => localStorage.getItem('credits'))).toBe('0');

  const { orders } = await ordersOf(page);
  expect(orders.map((order) => order.status)).toEqual(['failed']);
});

test('a double click on Pay makes one order', async ({ page, isMobile }) => {
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openPurchase(page, 32);
  await enterCard(dialog, GOOD_CARD);

  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/Square/Checkout')) checkouts.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Pay' }).dblclick();

  await expect(page.getByText(MESSAGES.creditPackPaid(32))).toBeVisible();
  await expectHeaderCredits(page, isMobile, 32);
  const { orders } = await ordersOf(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'paid', amount: '$35.99', credits: 32 });
  expect(checkouts).toHaveLength(1);
});
