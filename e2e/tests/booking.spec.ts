// The booking flow of / against the real server: a player buys credits, opens Join, picks the
// first day with open slots (today's may all have started late in the venue's evening: then
// tomorrow), books, and sees 'Event registered at', the access code and 2 credits fewer in the
// header. A player without credits is sent to the credit packs. axe checks each modal state.
import { MESSAGES } from '@questfield/contract';
import type { Page } from '@playwright/test';
import { newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { firstOpenSlot, openBooking } from '../support/booking';
import { expect, test } from '../support/fixtures';

const GOOD_CARD = '4111 1111 1111 1111';

/** MM/YY two years ahead: any future date works in the sandbox. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** The header's balance: the bar on a wide screen, the menu's sheet on a phone. */
async function expectHeaderCredits(page: Page, isMobile: boolean, credits: number) {
  const pattern = new RegExp(`Credits\\s*${credits}(?!\\d)`);
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('dialog')).toContainText(pattern);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  } else {
    await expect(page.getByRole('banner')).toContainText(pattern);
  }
}

async function buy16Credits(page: Page) {
  await page.getByRole('button', { name: /^Buy Now: 16 Credits/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase 16 Credits' });
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  await dialog.getByLabel('Card number').fill(GOOD_CARD);
  await dialog.getByLabel('Expiry date').fill(futureExpiry());
  await dialog.getByLabel('CVV', { exact: true }).fill('111');
  await dialog.getByLabel('Postal code').fill('10001');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(MESSAGES.creditPackPaid(16))).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a player with credits books a session and gets its access code', async ({
  page,
  isMobile,
  baseURL,
}) => {
  test.slow(); // a sign-up, a purchase, a booking and three accessibility scans
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL!,
  });
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  await buy16Credits(page);
  await expectHeaderCredits(page, isMobile, 16);

  const join = page.getByRole('button', { name: /^Join/ });
  const dialog = await openBooking(page);
  const slot = await firstOpenSlot(page, dialog);
  expect(await seriousA11yViolations(page)).toEqual([]);
  const time = (await slot.locator('.font-semibold').textContent())!.trim();
  await slot.click();

  const confirm = dialog.getByRole('heading', { name: 'Confirm Your Booking' });
  await expect(confirm).toBeFocused();
  await expect(dialog).toContainText(/Current credits\s*16/);
  await expect(dialog).toContainText(/Cost\s*2/);
  await expect(dialog).toContainText(/Remaining\s*14/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Book Experience' }).click();
  const registered = dialog.getByText(/^Event registered at/);
  await expect(registered).toBeFocused();
  await expect(registered).toContainText(`${time} (venue time)`);
  await expect(dialog.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)).toBeVisible();
  await expect(dialog).toContainText('Friends join this game with the access code on');
  await dialog.getByRole('button', { name: 'Copy the access code' }).click();
  await expect(dialog.getByText('Copied', { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('gamedata') ?? 'null'))).toEqual(
    expect.objectContaining({ gamelength: 30 }),
  );

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(join).toBeFocused();
  await expectHeaderCredits(page, isMobile, 14);
});

test("a player without credits sees 'Not Enough Credits' and is sent to the credit packs", async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openBooking(page);
  await (await firstOpenSlot(page, dialog)).click();

  const heading = dialog.getByRole('heading', { name: 'Not Enough Credits' });
  await expect(heading).toBeFocused();
  await expect(dialog).toContainText('You need at least 2 credits to book a session.');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Buy Credits' }).click();
  await expect(dialog).toBeHidden();
  const purchase = page.getByRole('heading', { level: 2, name: 'Purchase Credits' });
  await expect(purchase).toBeFocused();
  await expect(purchase).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Buy Now: 16 Credits/ })).toBeInViewport();
});
