// The operator console's sign-in against the real server, at phone and desktop width: an
// account made admin by the command line signs in at /operator, sets up two-factor from the key the
// page shows (an authenticator app's part is played by otpauth), keeps its recovery codes (the
// download holds them), and is in: its audit log (filtered, exported as CSV) and its player search
// work; a second browser passes with a recovery code; a player finds the not-found page; the
// command line's reset sends the admin back to set-up. Staff watch a venue day's slot fill live
// while a player books it, close it, and find that in the audit log.
import { readFile } from 'node:fs/promises';
import { MESSAGES, API_ROUTES } from '@questfield/contract';
import { PASSWORD_ANSWER_MS } from '../support/accounts';
import { runAdmin, sharedDataDir } from '../support/admin';
import { seriousA11yViolations } from '../support/axe';
import {
  accountByApi,
  CLIENT_HEADERS,
  atConsoleWidths,
  codeNow,
  openConsoleAs,
  openConsoleScreen,
  operatorAccount,
  secondBrowser,
  signInAtConsole,
} from '../support/console';
import { expect, test } from '../support/fixtures';

/** The day after a YYYY-MM-DD day, by the calendar. */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

atConsoleWidths((width) => {
  test('an admin sets up two-factor, keeps the recovery codes and opens the console', async ({
    page,
    browser,
    baseURL,
    problemLog,
    expectProblem,
  }) => {
    test.slow();
    // The player's look at the console is refused by the server: that is the point; and the
    // reset at the end signs the admin out, which the next Users/Me finds (401), and so may
    // the waitlist's poll of the player's places if it comes first.
    expectProblem(/^HTTP 403: .*\/api\/console\/session$/);
    expectProblem(/^HTTP 401: .*\/api\/(Users\/Me|Waitlist\/Mine)$/);
    expectProblem(/^console error: Failed to load resource: .* 40[13]/);
    const admin = await operatorAccount(page, 'admin');
    await signInAtConsole(page, admin);

    const setup = page.getByRole('region', { name: 'Set up two-factor sign-in' });
    // After the sign-in, the focus is on the bar's account button, as everywhere: the
    // console's own bar (ADR 0060) has Sign out there.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await setup.getByLabel('Password', { exact: true }).fill(admin.password);
    await setup.getByRole('button', { name: 'Continue' }).click();
    await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible({
      timeout: PASSWORD_ANSWER_MS,
    });
    await expect(setup.getByRole('heading')).toBeFocused();
    const key = ((await setup.getByRole('definition').textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await setup.getByLabel('6-digit code').fill(codeNow(key));
    await setup.getByRole('button', { name: 'Turn On Two-Factor' }).click();

    const kept = page.getByRole('region', { name: 'Your recovery codes' });
    const listed = kept.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(listed).toHaveCount(10);
    const codes = await listed.allTextContents();
    await expect(kept.getByRole('heading')).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      kept.getByRole('link', { name: 'Download the codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('questfield-recovery-codes.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe(`${codes.join('\n')}\n`);
    await kept.getByRole('button', { name: 'I Have Kept Them' }).click();
    const home = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(home).toContainText('10 of 10 recovery codes left.');
    await expect(page.getByText(`${admin.username}, admin`)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The session has passed: a reload opens the console again without a code.
    await page.reload();
    await expect(home).toContainText('10 of 10 recovery codes left.');

    // The audit log has the role the command line gave and the set-up, and exports as CSV.
    await openConsoleScreen(page, 'Audit log');
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    await page
      .getByRole('button', { name: `Show only ${admin.username}` })
      .first()
      .click();
    await expect(page.getByText(`Operator: ${admin.username}`)).toBeVisible();
    await expect(log.getByRole('row')).toHaveCount(2);
    await expect(log.getByRole('row').nth(1)).toContainText('Two-factor turned on');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear the operator filter' }).click();
    // The whole log again (the role change at least) before the next filter, so no answer is
    // still on its way when the filter changes (the page would cancel it).
    await expect(log.getByRole('row').nth(2)).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Role changed' });
    // The unfiltered table stays until the filtered one replaces it, and a locator matching
    // two rows fails at once (no retry): wait for the filter, then name the row exactly.
    await expect(log.getByRole('row').filter({ hasText: 'Two-factor' })).toHaveCount(0);
    const promoted = log
      .getByRole('row')
      .filter({ hasText: admin.username })
      .filter({ hasText: 'Role changed' });
    await expect(promoted).toContainText('command line');
    await expect(promoted).toContainText('role: "player" → "admin"');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const exported = await readFile(await csv.path(), 'utf8');
    expect(exported.split('\n')[0]).toBe(
      'at,operator,role,address,action,player,subject,before,after,reason',
    );
    expect(exported).toContain(`command line,,,users.set-role,${admin.username},`);

    // Players: the admin's own account, found by the start of its email in capitals.
    await openConsoleScreen(page, 'Players');
    await page.getByLabel('Email or username').fill(admin.email.slice(0, 12).toUpperCase());
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: /^Accounts starting with/ });
    await expect(found.getByRole('row').filter({ hasText: admin.email })).toContainText('admin');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Another browser signs in and passes with a recovery code instead of the app.
    const other = await secondBrowser(browser, baseURL ?? '', problemLog, '198.51.100.77');
    await signInAtConsole(other, admin);
    const check = other.getByRole('region', { name: 'Enter your code' });
    await expect(check.getByLabel('6-digit code')).toBeVisible();
    expect(await seriousA11yViolations(other)).toEqual([]);
    await check.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await expect(check.getByRole('heading')).toBeFocused();
    await check.getByLabel('Recovery code').fill(codes[3]?.toLowerCase() ?? '');
    await check.getByRole('button', { name: 'Open the Console' }).click();
    await expect(other.getByRole('region', { name: 'Two-factor sign-in' })).toContainText(
      '9 of 10 recovery codes left.',
    );

    // A player at /operator finds the not-found page, and nothing of the console.
    const player = await secondBrowser(browser, baseURL ?? '', problemLog, '198.51.100.78');
    const someone = await accountByApi(player);
    await signInAtConsole(player, someone);
    await expect(player.getByRole('heading', { level: 1 })).toHaveText(
      MESSAGES.notFoundHeading.trim(),
    );
    await expect(player.getByText(/two-factor|console/i)).toHaveCount(0);

    // A lost phone: the command line resets two-factor and signs the admin out everywhere.
    const said = await runAdmin(
      sharedDataDir(),
      'users',
      'reset-two-factor',
      '--email',
      admin.email,
    );
    expect(said).toContain('Removed the two-factor set-up');
    await other.reload();
    await expect(other.getByRole('region', { name: 'Sign in to open the console' })).toBeVisible();
    await other.context().close();
    await player.context().close();
  });

  test('staff watch a slot fill while a player books it, and close it', async ({
    page,
    browser,
    baseURL,
    problemLog,
  }) => {
    // Two browsers, the two-factor sign-in, the command line and two dialogs: on a loaded
    // machine more than the default 30 s.
    test.slow();
    const { account: staff } = await openConsoleAs(page, 'staff');
    await openConsoleScreen(page, 'Venue day');
    await expect(page.getByRole('table', { name: /^Slots on/ })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A player in another browser, with the credits for one game.
    const player = await secondBrowser(browser, baseURL ?? '', problemLog, '198.51.100.79');
    const someone = await accountByApi(player);
    const granted = await runAdmin(
      sharedDataDir(),
      'users',
      'grant-credits',
      '--email',
      someone.email,
      '--credits',
      '2',
      '--reason',
      'e2e',
    );
    expect(granted).toContain('Granted 2 credits');

    // Tomorrow's last slots, which no other journey books (they take the first open one),
    // a different one at each width, as they may run at once.
    const day = nextDay(await page.getByLabel('Day', { exact: true }).inputValue());
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue(day);
    const listed = await player.request.post(API_ROUTES.eventsAvailableTimes.path, {
      headers: CLIENT_HEADERS,
      data: { date: day },
    });
    const times = (await listed.json()) as { EventTime: string }[];
    const startsAt = new Date(
      times.at({ 1280: -1, 768: -2, 390: -3 }[width])?.EventTime ?? '',
    ).toISOString();
    const row = page.getByRole('row').filter({ has: page.locator(`time[datetime="${startsAt}"]`) });
    const seats = (await row.getByText(/^\d+ of \d+$/).textContent()) ?? '';
    const [taken = 0, capacity = 0] = seats.split(' of ').map(Number);

    const booked = await player.request.post(API_ROUTES.eventsRegister.path, {
      headers: CLIENT_HEADERS,
      data: { EventTime: startsAt },
    });
    expect(booked.status()).toBe(200);
    // Live: the held request answers when the booking commits; no reload, no poll.
    await expect(row).toContainText(`${taken + 1} of ${capacity}`);
    await row.getByText(/^\d+ players?$/).click();
    await expect(row.getByText(someone.username)).toBeVisible();

    // A player is booked: the closure asks what becomes of the seat first.
    await row.getByRole('button', { name: /^Close / }).click();
    const closing = page.getByRole('dialog', { name: /^Close the/ });
    await expect(closing.getByText(someone.username, { exact: false })).toBeVisible();
    await closing.getByLabel('Keep their seats (tell them yourself)').check();
    await closing.getByRole('button', { name: 'Close Slot' }).click();
    await expect(closing.getByRole('status')).toBeFocused();
    await closing.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByText('Closed', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'is closed' })).toBeVisible();
    await row.getByRole('button', { name: /^Change the capacity/ }).click();
    const resize = page.getByRole('dialog', { name: /^Capacity of the/ });
    await expect(resize.getByLabel('Seats')).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await resize.getByRole('button', { name: 'Close' }).click();
    await expect(row.getByRole('button', { name: /^Change the capacity/ })).toBeFocused();

    await openConsoleScreen(page, 'Audit log');
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Slot closed' });
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    await expect(log.getByRole('row').filter({ hasText: 'Two-factor' })).toHaveCount(0);
    await expect(
      log.getByRole('row').filter({ hasText: staff.username }).filter({ hasText: 'Slot closed' }),
    ).toContainText('open: true → false');
    await player.context().close();
  });
});
