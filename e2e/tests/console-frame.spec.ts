// The console's own frame against the real server, on every screen, at a phone's (the phone
// project), a tablet's and a desktop's width (the desktop project): no player-site header, one
// h1 naming the screen, nothing axe finds (best practices included), and no page that scrolls
// sideways. On a phone the screens are in a menu and a venue day's row actions are in reach; on
// a desktop the keyboard shortcuts move around the day.
import type { Page } from '@playwright/test';
import { allA11yViolations } from '../support/axe';
import { openConsoleAs } from '../support/console';
import { expect, test } from '../support/fixtures';

/** Each screen of an admin's navigation: its address and its name (the h1). */
const SCREENS = [
  ['/operator', 'Today'],
  ['/operator/schedule', 'Venue day'],
  ['/operator/week', 'Week'],
  ['/operator/players', 'Players'],
  ['/operator/codes', 'Codes'],
  ['/operator/orders', 'Orders'],
  ['/operator/reports', 'Reports'],
  ['/operator/audit-log', 'Audit log'],
  ['/operator/approvals', 'Approvals'],
  ['/operator/settings', 'Settings'],
] as const;

/** The screen at `path`, once it has said what it holds (no 'Loading…' left). */
async function showScreen(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeAttached();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /…$/ })).toHaveCount(0);
}

/** Whether the page is wider than the window (a sideways scroll). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('every screen of the console is in its own frame, passes axe and fits the width', async ({
  page,
  isMobile,
}) => {
  // Ten screens at each width, each read by axe.
  test.setTimeout(isMobile ? 150_000 : 300_000);
  await openConsoleAs(page, 'admin');
  for (const width of isMobile ? [390] : [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name] of SCREENS) {
      await test.step(`${name} at ${width} px`, async () => {
        await showScreen(page, path, name);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('banner')).toContainText('Old Mill District Console');
        await expect(page.getByRole('link', { name: 'Soundtrack' })).toHaveCount(0);
        // Soft: one run tells of every screen.
        expect.soft(await allA11yViolations(page)).toEqual([]);
        expect.soft(await scrollsSideways(page)).toBe(false);
      });
    }
  }
});

test('on a phone the screens are in a menu, and a slot’s actions are in reach', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the menu is the phone’s');
  test.slow();
  await openConsoleAs(page, 'staff');
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu: Today' }).click();
  const menu = page.getByRole('menu', { name: 'Menu: Today' });
  await expect(menu).toContainText('Signed in as');
  await menu.getByRole('menuitem', { name: 'Venue day' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Venue day' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Menu: Venue day' })).toBeVisible();

  // Tomorrow's slots: none has ended, so each row has its Close and Capacity.
  await page.getByRole('button', { name: 'Next day' }).click();
  const slots = page.getByRole('table', { name: /^Slots on/ });
  await expect(slots).toBeVisible();
  for (const name of [/^Close /, /^Change the capacity/]) {
    const button = slots.getByRole('button', { name }).first();
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  expect(await scrollsSideways(page)).toBe(false);
  expect(await allA11yViolations(page)).toEqual([]);
});

test('the keyboard moves around the day: g and a key, [ and ], / and ?', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'a phone has no keyboard to speak of');
  test.slow();
  await openConsoleAs(page, 'staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeAttached();

  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page.getByRole('heading', { level: 1, name: 'Venue day' })).toBeAttached();
  const day = page.getByLabel('Day', { exact: true });
  await expect(day).not.toHaveValue('');
  const today = await day.inputValue();
  await page.keyboard.press(']');
  await expect(page).toHaveURL(/day=/);
  await expect(day).not.toHaveValue(today);
  await page.keyboard.press('[');
  await expect(day).toHaveValue(today);

  // In the day field the keys are typing.
  await day.focus();
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page.getByRole('heading', { level: 1, name: 'Venue day' })).toBeAttached();

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(page.getByLabel('Email or username')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeAttached();

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Go to Audit log');
  expect(await allA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The skip link takes the keyboard past the bar to the screen.
  await page.goto('/operator/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeAttached();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
