// Deleting the account from Account Settings against the real server: the confirmation step,
// a wrong password in the field (the step passes axe), then signed out, told so, and unable to
// sign in again.
import { MESSAGES } from '@questfield/contract';
import {
  newPlayer,
  openAccountSettings,
  openFromHeader,
  signUp,
  PASSWORD_ANSWER_MS,
} from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test('delete the account with the password, end signed out, and sign-in fails after', async ({
  page,
  isMobile,
  expectProblem,
}) => {
  // The wrong password's 400 and the refused sign-in's 401 are part of the journey.
  expectProblem(/^HTTP 400: .*\/api\/Users\/Delete$/);
  expectProblem(/^HTTP 401: .*\/api\/Users\/LoginByNameOrEmail$/);
  expectProblem(/^console error: Failed to load resource: .* 40[01]/);
  const player = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, player);

  const settings = await openAccountSettings(page, isMobile);
  const section = settings.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete account' }).click();
  await expect(section).toContainText('forfeited with the account');
  await expect(section).toContainText('We keep your purchase records');
  const password = section.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await password.fill(`${player.password}-wrong`);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section).toContainText('Incorrect password. Please try again.', {
    timeout: PASSWORD_ANSWER_MS,
  });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  // The confirmation step, with its error, passes axe (contrast of the red button included).
  expect(await seriousA11yViolations(page)).toEqual([]);

  await password.fill(player.password);
  await password.press('Enter');
  await expect(settings).toBeHidden({ timeout: PASSWORD_ANSWER_MS });
  await expect(page.getByText(MESSAGES.accountDeleted)).toHaveAttribute('role', 'status');
  await expect(page.locator('#main-content')).toBeFocused();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();

  await openFromHeader(page, isMobile, 'Sign In');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email address').fill(player.email);
  await signIn.getByLabel('Password', { exact: true }).fill(player.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Login failed', {
    timeout: PASSWORD_ANSWER_MS,
  });
});
