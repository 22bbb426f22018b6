// The dashboard against the real server: the seeded demo player's balance and credit history,
// the leaderboard tabs by keyboard, 'Join a Session', and a new player's empty history.
import { expectFocusOnAccountButton, newPlayer, signIn, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const DEMO = { email: 'demo@questfield.example', password: 'questfield-demo' };

test('the demo player sees 10 credits, their history and the leaderboard', async ({
  page,
  isMobile,
}) => {
  await page.goto('/dashboard');
  await signIn(page, isMobile, DEMO.email, DEMO.password);
  await expectFocusOnAccountButton(page, isMobile);

  const credits = page.getByRole('region', { name: 'Your Credits' });
  await expect(credits.getByTestId('credit-balance')).toHaveText('10');
  const history = page.getByRole('region', { name: 'Credit history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Adjustment by Questfield');
  await expect(history).toContainText('+10');
  await expect(history).toContainText('Balance 10');

  const board = page.getByRole('region', { name: 'Leaderboard' });
  await board.getByRole('tab', { name: 'Score' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(board.getByRole('tab', { name: 'Time' })).toHaveAttribute('aria-selected', 'true');
  await expect(board.getByRole('tab', { name: 'Time' })).toBeFocused();
  await expect(board.getByRole('columnheader', { name: 'Time' })).toBeVisible();
  await expect(board.getByRole('row')).toHaveCount(11);
  await page.keyboard.press('ArrowRight');
  await expect(board.getByRole('tab', { name: 'Distance' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(board.getByRole('row').nth(1)).toContainText(/\d m$/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const hasOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(hasOverflow).toBe(false);

  await credits.getByRole('link', { name: 'Join a Session' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a new player sees 0 credits and an empty history', async ({ page, isMobile }) => {
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  // Through the footer's quick link, as a player would (no reload mid-way).
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('region', { name: 'Your Credits' }).getByTestId('credit-balance'),
  ).toHaveText('0');
  const history = page.getByRole('region', { name: 'Credit history' });
  await expect(history).toContainText('No credit activity yet');
  await expect(history.getByRole('listitem')).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a visitor is asked to sign in and still sees the leaderboard', async ({ page }) => {
  await page.goto('/dashboard');
  const prompt = page.getByRole('region', { name: 'Sign in to see your credits' });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Credits', exact: true })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect(prompt.getByRole('link', { name: 'Join a Session' })).toHaveAttribute('href', '/');
  await prompt.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});
