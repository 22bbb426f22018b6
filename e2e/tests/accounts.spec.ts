// Accounts end to end against the real server: sign-up, header state, log out, sign-in by
// username, recovery through the dev mailbox, settings, and the spec's validation messages.
import { MESSAGES } from '@questfield/contract';
import {
  expectFocusOnAccountButton,
  newPlayer,
  openAccountSettings,
  openFromHeader,
  recoveryCodeFor,
  signIn,
  signUp,
  PASSWORD_ANSWER_MS,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

async function expectSignedIn(page: Page, isMobile: boolean, initials: string) {
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toContainText(initials);
    await expect(menu).toContainText(/Credits\s*0/);
    await expect(menu.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:hello@questfield.example',
    );
    await page.keyboard.press('Escape');
  } else {
    const banner = page.getByRole('banner');
    await expect(banner).toContainText(initials);
    await expect(banner).toContainText(/Credits\s*0/);
  }
}

async function logOut(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  } else {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /account/i })
      .click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
  }
  // Logging out clears the display cache once the server has ended the session.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  if (isMobile) {
    // The menu has closed and handed the focus back before the test opens anything else.
    await expectFocusOnAccountButton(page, isMobile);
  } else {
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  }
}

/**
 * After sign-in or sign-up, focus is on the header's account button: the avatar on a wide
 * screen, the menu button (whose sheet holds the account) on a phone, where the avatar is hidden.
 */
test('sign up, see the header change, log out, sign in by username', async ({ page, isMobile }) => {
  const player = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, player);
  await expectFocusOnAccountButton(page, isMobile);
  await expectSignedIn(page, isMobile, 'PL');
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');

  await logOut(page, isMobile);
  expect(await page.evaluate(() => localStorage.getItem('username'))).toBeNull();

  await signIn(page, isMobile, player.username, player.password);
  await expectFocusOnAccountButton(page, isMobile);
  await expectSignedIn(page, isMobile, 'PL');
  // A reload aborts what the page is still loading, which the fixture fails.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expectSignedIn(page, isMobile, 'PL');
});

test('recover a forgotten password with the mailed code', async ({
  page,
  request,
  isMobile,
  expectProblem,
}) => {
  // The wrong code's 400 is part of the journey; the browser also logs it.
  expectProblem(/^HTTP 400: .*\/api\/Users\/VerifyRecoveryCode$/);
  expectProblem(/^console error: Failed to load resource: .* 400/);
  const player = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, player);
  await logOut(page, isMobile);

  await openFromHeader(page, isMobile, 'Sign In');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog');
  await forgot.getByRole('button', { name: 'Send Recovery Code' }).click();
  await expect(forgot).toContainText(MESSAGES.enterEmail);
  await forgot.getByLabel(/email/i).fill(player.email);
  await forgot.getByRole('button', { name: 'Send Recovery Code' }).click();
  await expect(forgot).toContainText(MESSAGES.recoveryCodeSent(player.email));

  await forgot.getByRole('button', { name: 'Verify Code' }).click();
  await expect(forgot).toContainText(MESSAGES.enterRecoveryCode);
  const code = await recoveryCodeFor(request, player.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await forgot.getByLabel(/code/i).fill(wrong);
  await forgot.getByRole('button', { name: 'Verify Code' }).click();
  await expect(forgot).toContainText('Invalid or expired recovery code. Please try again.');
  await forgot.getByLabel(/code/i).fill(code);
  await forgot.getByRole('button', { name: 'Verify Code' }).click();

  const reset = page.getByRole('dialog');
  const newPassword = `${player.password}-new`;
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset).toContainText(MESSAGES.enterNewPassword);
  await reset.getByLabel('New Password', { exact: true }).fill('short');
  await reset.getByLabel('Confirm New Password').fill('short');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset).toContainText('Password must be at least 8 characters long.');
  await reset.getByLabel('New Password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset).toContainText(MESSAGES.passwordsDoNotMatch);
  await reset.getByLabel('Confirm New Password').fill(newPassword);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signIn(page, isMobile, player.email, newPassword);
  await expectSignedIn(page, isMobile, 'PL');
});

test('a wrong password shows the spec message', async ({ page, isMobile, expectProblem }) => {
  // The 401 is the answer under test; the browser also logs it as a failed resource.
  expectProblem(/^HTTP 401: .*\/api\/Users\/LoginByNameOrEmail$/);
  expectProblem(/^console error: Failed to load resource: .* 401/);
  await page.goto('/');
  await openFromHeader(page, isMobile, 'Sign In');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email address').fill('nobody@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Login failed', {
    timeout: PASSWORD_ANSWER_MS,
  });
});

test('edit the profile with the pencils in Account Settings', async ({ page, isMobile }) => {
  const player = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, player);

  const settings = await openAccountSettings(page, isMobile);
  await expect(settings.getByLabel('Email', { exact: true })).toHaveValue(player.email);
  await settings.getByRole('button', { name: 'Edit First Name' }).click();
  // exact: each edited field's Cancel button is named 'Cancel editing First Name' and so on.
  await settings.getByLabel('First Name', { exact: true }).fill('Ada');
  await settings.getByRole('button', { name: 'Edit Last Name' }).click();
  await settings.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await settings.getByRole('button', { name: 'Update' }).click();
  await expect(settings).toContainText(MESSAGES.settingsUpdated);
  await page.keyboard.press('Escape');
  await expectSignedIn(page, isMobile, 'AL');
});
