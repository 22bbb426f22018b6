// Helpers for the account journeys: fresh players, the modals, and the dev mailbox.
import { randomBytes } from 'node:crypto';
import type { DevMailboxEntry } from '@questfield/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export type Player = { username: string; email: string; password: string };

/** A player no other test uses (tests run in parallel against one server). */
export function newPlayer(): Player {
  const id = randomBytes(4).toString('hex');
  return {
    username: `player_${id}`,
    email: `player.${id}@example.com`,
    password: `Quest-${id}-maze`,
  };
}

export async function openFromHeader(page: Page, isMobile: boolean, name: 'Sign In' | 'Sign Up') {
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name, exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
  }
}

/**
 * A sign-in or sign-up from the header gives the focus back to the header's account button once
 * its dialog has gone; a test that moves the focus itself waits for that first.
 */
export async function expectFocusOnAccountButton(page: Page, isMobile: boolean) {
  const name = isMobile ? 'Open menu' : 'Account menu';
  await expect(page.getByRole('banner').getByRole('button', { name })).toBeFocused();
}

/** Opens Account Settings from the avatar menu, or on a phone from the menu sheet. */
export async function openAccountSettings(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Account Settings' }).click();
  } else {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /account/i })
      .click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  }
  return page.getByRole('dialog', { name: 'Account Settings' });
}

/**
 * How long a sign-up or sign-in may take to answer: each hashes a password with Argon2 (slow
 * on purpose, a few at a time per process), so on a loaded machine the first ones of a run,
 * with the server still cold, can take longer than an assertion's 5 seconds.
 */
export const PASSWORD_ANSWER_MS = 20_000;

export async function signUp(page: Page, isMobile: boolean, player: Player) {
  await openFromHeader(page, isMobile, 'Sign Up');
  await completeSignUp(page, player);
}

/** Fills in and sends the Sign Up dialog, however it was opened (the header, an invite page). */
export async function completeSignUp(page: Page, player: Player) {
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email address').fill(player.email);
  await dialog.getByLabel('Username').fill(player.username);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: PASSWORD_ANSWER_MS });
}

export async function signIn(page: Page, isMobile: boolean, login: string, password: string) {
  await openFromHeader(page, isMobile, 'Sign In');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email address').fill(login);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: PASSWORD_ANSWER_MS });
}

type Mail = { to: string; subject: string; text: string; createdAt: string };

/** The six-digit code of the newest mail to `email` in the dev mailbox. */
export async function recoveryCodeFor(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mailbox')).json()) as Mail[];
      code = mails.find((mail) => mail.to.includes(email))?.text.match(/\b(\d{6})\b/)?.[1];
      return code ?? '';
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** How long a mail may take to reach the dev mailbox on a loaded machine. */
const MAIL_WAIT_MS = 20_000;

/** The mails to `email` in the dev mailbox whose subject matches `subject`, once one is there. */
export async function mailsTo(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<DevMailboxEntry[]> {
  let found: DevMailboxEntry[] = [];
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mailbox')).json()) as DevMailboxEntry[];
        found = mails.filter((mail) => mail.to === email && subject.test(mail.subject));
        return found.length;
      },
      { timeout: MAIL_WAIT_MS },
    )
    .toBeGreaterThan(0);
  return found;
}
