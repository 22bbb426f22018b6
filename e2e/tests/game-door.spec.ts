// /game, the door to a game, against the real server: a visitor gets the sign-in prompt; a
// signed-in player with no live game gets the access-code prompt, which refuses an empty code
// here and an unknown one with the server's 404. Each state passes axe and fits the screen.
// (Joining needs a game in its live window: live-game.spec.ts moves a server's clock for that.)
import { ERRORS } from '@questfield/contract';
import type { Page } from '@playwright/test';
import { newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

async function expectFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);
}

test('a visitor on /game sees the sign-in prompt', async ({ page }) => {
  await page.goto('/game');
  await expect(page.getByRole('heading', { level: 1, name: 'Game' })).toBeVisible();
  const gate = page.getByRole('region', { name: 'Sign in to continue' });
  await expect(gate.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Access code')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);
});

test('a player gets the access-code prompt: an empty code and an unknown one are refused', async ({
  page,
  isMobile,
  expectProblem,
}) => {
  expectProblem(/^HTTP 404: .*\/api\/Items\/GetSessionByAccessCode$/);
  expectProblem(/^console error: Failed to load resource: .* 404/);
  await page.goto('/game');
  await signUp(page, isMobile, newPlayer());

  const prompt = page.getByRole('region', { name: 'Join with an access code' });
  const input = prompt.getByLabel('Access code');
  const join = prompt.getByRole('button', { name: 'Join' });
  await expect(input).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);

  // Nothing typed: refused here, no request.
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/Items/GetSessionByAccessCode')) lookups.push(request.url());
  });
  await join.click();
  const alert = prompt.getByRole('alert');
  await expect(alert).toHaveText(ERRORS.ACCESS_CODE_REQUIRED.message);
  await expect(alert).toHaveText('Please enter an access code.');
  await expect(input).toBeFocused();
  expect(lookups).toEqual([]);

  // A code no game has: the server's 404.
  await input.fill('ZZZZ-9999');
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/Items/GetSessionByAccessCode'),
  );
  await join.click();
  expect((await answer).status()).toBe(404);
  await expect(alert).toHaveText('Invalid access code.');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);
});
