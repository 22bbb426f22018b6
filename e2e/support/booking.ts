// The booking modal of /, as the booking journeys drive it.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens the modal with the Multiplayer card's Join; the date field takes the focus. */
export async function openBooking(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Join/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a session' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Date' })).toBeFocused();
  return dialog;
}

/**
 * Tomorrow on the browser's calendar (the picker's days): as the date field takes it
 * (MM/DD/YYYY) and as the API names a day (YYYY-MM-DD).
 */
export function browserTomorrow(page: Page): Promise<{ field: string; iso: string }> {
  return browserDayAhead(page, 1);
}

/** The day `days` after today on the browser's calendar, as browserTomorrow gives tomorrow. */
export function browserDayAhead(page: Page, days: number): Promise<{ field: string; iso: string }> {
  return page.evaluate((ahead) => {
    const day = new Date();
    day.setDate(day.getDate() + ahead);
    const two = (n: number) => String(n).padStart(2, '0');
    return {
      field: `${two(day.getMonth() + 1)}/${two(day.getDate())}/${day.getFullYear()}`,
      iso: `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`,
    };
  }, days);
}

/** Picks `day` (as the date field takes it) in the open booking modal. */
export async function pickDay(dialog: Locator, day: { field: string }) {
  const date = dialog.getByRole('textbox', { name: 'Date' });
  await date.fill(day.field);
  await date.press('Enter');
}

/** The header's balance: the bar on a wide screen, the menu's sheet on a phone. */
export async function expectHeaderCredits(page: Page, isMobile: boolean, credits: number) {
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

/** The first open slot of today, else of tomorrow (the browser's days, as the picker's). */
export async function firstOpenSlot(page: Page, dialog: Locator): Promise<Locator> {
  const times = dialog.getByRole('list', { name: 'Available times (venue time)' });
  const empty = dialog.getByText('No time slots are left on this day.');
  await expect(times.or(empty)).toBeVisible();
  if (await empty.isVisible()) {
    const tomorrow = await browserTomorrow(page);
    const date = dialog.getByRole('textbox', { name: 'Date' });
    await date.fill(tomorrow.field);
    await date.press('Enter');
    await expect(times).toBeVisible();
  }
  // A slot with seats left (a full one leads to its waitlist instead).
  const slot = times
    .getByRole('button')
    .filter({ hasText: /\d+\/25 left/ })
    .first();
  await expect(slot).toContainText(/\d{1,2}:\d{2} [AP]M/);
  await expect(slot).toContainText(/\d+\/25 left/);
  return slot;
}
