// The operator console's journeys: accounts made by the API and given a role by the command
// line, the console's sign-in and two-factor set-up, the authenticator app (otpauth), and a
// second browser beside the test's own.
import { CSRF_HEADER, API_ROUTES } from '@questfield/contract';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { newPlayer, PASSWORD_ANSWER_MS, type Player } from './accounts';
import { runAdmin, sharedDataDir } from './admin';
import {
  apiClientAddress,
  expect,
  test,
  waitForAppAfterNavigation,
  watchForProblems,
  type ProblemLog,
} from './fixtures';

export const CLIENT_HEADERS = { [CSRF_HEADER.name]: CSRF_HEADER.value };

/** A new player's account made by the API in `page`'s browser (signed in there). */
export async function accountByApi(page: Page): Promise<Player> {
  const account = newPlayer();
  const created = await page.request.post(API_ROUTES.usersCreate.path, {
    headers: { ...CLIENT_HEADERS, 'x-forwarded-for': apiClientAddress() },
    data: { ...account, appid: 'questfield-web' },
  });
  expect(created.status()).toBe(200);
  return account;
}

/**
 * An account made by the API (no page needed), then given `role` by the command line of the
 * server whose data folder is `dataDir` (the shared one unless a test runs its own).
 */
export async function operatorAccount(
  page: Page,
  role: 'staff' | 'admin',
  dataDir = sharedDataDir(),
): Promise<Player> {
  const account = await accountByApi(page);
  const said = await runAdmin(
    dataDir,
    'users',
    'set-role',
    '--email',
    account.email,
    '--role',
    role,
  );
  expect(said).toContain(`is now ${role}`);
  return account;
}

/** Signs in from the console's own prompt (the site's sign-in dialog). */
export async function signInAtConsole(page: Page, account: Player) {
  await page.goto('/operator');
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email address').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: PASSWORD_ANSWER_MS });
}

/** Finds the player with the console's search, by their email address, and opens their page. */
export async function openPlayerPage(page: Page, player: Player) {
  await openConsoleScreen(page, 'Players');
  await page.getByLabel('Email or username').fill(player.email);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Open the page of ${player.username}` }).click();
}

/** The code an authenticator app shows for `key` now. */
export const codeNow = (key: string) => TOTP.generate({ secret: Secret.fromBase32(key) });

const STEP_MS = 30_000;

/**
 * An authenticator app for `key` that never gives a code twice: the server takes each code once
 * and then only a later one, within one step of its clock either way. So the first code is the
 * previous step's (unless the current step is about to end) and each next one a step later; one
 * that would run ahead of the clock by more than a step waits for it.
 */
function authenticator(key: string) {
  const secret = Secret.fromBase32(key);
  let last = -Infinity;
  return {
    async next(): Promise<string> {
      const now = Math.floor(Date.now() / STEP_MS);
      const endingSoon = (now + 1) * STEP_MS - Date.now() < 5_000;
      const step = Math.max(last + 1, endingSoon ? now : now - 1);
      const wait = (step - 1) * STEP_MS - Date.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait + 200));
      last = step;
      return TOTP.generate({ secret, timestamp: step * STEP_MS });
    },
  };
}

/** Sets two-factor up from the console's set-up steps, to the console's overview; its app. */
async function setUpTwoFactor(page: Page, account: Player) {
  const setup = page.getByRole('region', { name: 'Set up two-factor sign-in' });
  await setup.getByLabel('Password', { exact: true }).fill(account.password);
  await setup.getByRole('button', { name: 'Continue' }).click();
  const key = ((await setup.getByRole('definition').textContent()) ?? '').replace(/\s/g, '');
  const app = authenticator(key);
  await setup.getByLabel('6-digit code').fill(await app.next());
  await setup.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  await page.getByRole('button', { name: 'I Have Kept Them' }).click();
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();
  return app;
}

/**
 * Another browser, from `address`, its problems on the test's log: at tablet size, or as
 * `device` says (a guest's phone beside the test's own).
 */
export async function secondBrowser(
  browser: Browser,
  baseURL: string,
  log: ProblemLog,
  address: string,
  device: BrowserContextOptions = { viewport: { width: 768, height: 1024 } },
) {
  const context = await browser.newContext({
    ...device,
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  waitForAppAfterNavigation(page, baseURL);
  watchForProblems(page, baseURL, log);
  return page;
}

/** The widths the console is made for: a desktop and a tablet. */
export const CONSOLE_VIEWPORTS = [
  [1280, 800],
  [768, 1024],
] as const;

/**
 * A phone's width, which the phone project runs (the desktop project the others): a spec's
 * block for a width carries its project's tag (`WIDTH_TAGS`), and each project leaves out the
 * other's (playwright.config.ts).
 */
export const PHONE_VIEWPORT = [390, 844] as const;

/**
 * The tags that split the widths between the projects. Left out by the project's grep, a test
 * of the other width never runs, not even its fixtures: a skip decided from a fixture still
 * set up the test's server for nothing, and a server asked nothing fails R25.
 */
const WIDTH_TAGS = { phone: '@phone-width', desktop: '@desktop-width' } as const;

/** The tag of a block of tests at `width`: the phone project's or the desktop project's. */
const widthTag = (width: number) =>
  width === PHONE_VIEWPORT[0] ? WIDTH_TAGS.phone : WIDTH_TAGS.desktop;

type ConsoleViewport = (typeof CONSOLE_VIEWPORTS)[number] | typeof PHONE_VIEWPORT;

/** A width the console's specs run at: the desktop's, the tablet's or the phone's. */
export type ConsoleWidth = ConsoleViewport[0];

/**
 * Declares `tests` at each of `viewports`, each width in its own describe block on its own
 * project; `tests` is given the width, for what must differ between widths that may run at
 * once. By default a desktop's and a phone's: the console works on any screen, and the tablet's
 * layout is the desktop's (tabs, tables in rows), which console-frame.spec.ts checks at 768 px.
 */
export function atConsoleWidths(
  tests: (width: ConsoleWidth) => void,
  viewports: readonly ConsoleViewport[] = [CONSOLE_VIEWPORTS[0], PHONE_VIEWPORT],
) {
  for (const [width, height] of viewports) {
    test.describe(`at ${width} px`, { tag: widthTag(width) }, () => {
      test.use({ viewport: { width, height } });
      tests(width);
    });
  }
}

/** Opens the console's screen `name` from its navigation: the tabs, or on a phone the menu. */
export async function openConsoleScreen(page: Page, name: string) {
  const menu = page.getByRole('button', { name: /^Menu: / });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name, exact: true })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeAttached();
}

/**
 * Signs `account` in at the console on another device, two-factor already set up there, with
 * the next code of its authenticator `app`, to the console's overview.
 */
export async function openConsoleWithCode(
  page: Page,
  account: Player,
  app: { next: () => Promise<string> },
) {
  await signInAtConsole(page, account);
  const check = page.getByRole('region', { name: 'Enter your code' });
  await check.getByLabel('6-digit code').fill(await app.next());
  await check.getByRole('button', { name: 'Open the Console' }).click();
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();
}

/**
 * A new account of `role` (made by the command line on the server using `dataDir`) signed in
 * at the console with two-factor set up: the account and its authenticator app.
 */
export async function openConsoleAs(page: Page, role: 'staff' | 'admin', dataDir?: string) {
  const account = await operatorAccount(page, role, dataDir);
  await signInAtConsole(page, account);
  return { account, app: await setUpTwoFactor(page, account) };
}

/**
 * Blocks `date` (YYYY-MM-DD) from the console's Week screen, whose closure dialog names
 * `username` among the players booked, cancelling and refunding their seats with `reason`;
 * the dialog's outcome (focused), then closed.
 */
export async function blockDayCancellingSeats(
  page: Page,
  date: string,
  reason: string,
  username: string,
): Promise<string> {
  await openConsoleScreen(page, 'Week');
  const blocked = page.getByRole('region', { name: 'Blocked days' });
  await blocked.getByLabel('Day', { exact: true }).fill(date);
  await blocked.getByLabel('Reason', { exact: true }).fill(reason);
  await blocked.getByRole('button', { name: 'Block Day' }).click();
  const dialog = page.getByRole('dialog', { name: /^Block / });
  await expect(
    dialog.getByRole('region', { name: 'Players booked on the games not started' }),
  ).toContainText(username);
  await dialog.getByLabel('Cancel their seats and refund them').check();
  await dialog.getByRole('button', { name: 'Block Day' }).click();
  const outcome = dialog.getByRole('status');
  await expect(outcome).toBeFocused();
  const text = (await outcome.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return text;
}
