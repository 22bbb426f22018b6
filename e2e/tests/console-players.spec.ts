// A player's page in the operator console against the real server, at desktop and phone width: an
// admin (made by the command line) sets up two-factor, finds a player by the search, opens the page
// and grants credits with a reason (right after the set-up, without being asked again), sees the
// balance and the history change, looks at the deletion's confirmation and leaves it; then, on
// another device whose session has not confirmed recently, makes the player staff through the
// password-and-code dialog, which signs the player out; the audit log shows both actions. Every
// screen and dialog is checked with axe.
import { API_ROUTES } from '@questfield/contract';
import { PASSWORD_ANSWER_MS } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import {
  accountByApi,
  CLIENT_HEADERS,
  atConsoleWidths,
  openConsoleAs,
  openConsoleWithCode,
  openPlayerPage,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';

atConsoleWidths((width) => {
  test("an admin grants credits on a player's page, makes the player staff, and finds both in the audit log", async ({
    page,
    browser,
    baseURL,
    problemLog,
    expectProblem,
  }) => {
    test.slow();
    // The other device's first try at the role: its session confirmed nothing recently.
    expectProblem(/^HTTP 403: .*\/api\/console\/players\/role$/);
    expectProblem(/^console error: Failed to load resource: .* 403/);
    const { account: admin, app } = await openConsoleAs(page, 'admin');

    const playerBrowser = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${{ 1280: 81, 768: 82, 390: 87 }[width]}`,
    );
    const player = await accountByApi(playerBrowser);

    // The search, by the start of the email address, then the player's page.
    await openPlayerPage(page, player);
    const profile = page.getByRole('region', { name: player.username });
    await expect(profile.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(profile).toContainText('0 credits');
    const history = page.getByRole('table', { name: 'Postings on the balance, newest first' });
    await expect(page.getByText('No credit activity yet.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 5 credits with a reason: the set-up has just confirmed the password and a code.
    const credits = page.getByRole('region', { name: 'Grant or deduct credits' });
    await credits.getByLabel('Credits').fill('5');
    await credits.getByLabel('Reason').fill('Headset broke mid-game');
    await credits.getByRole('button', { name: 'Grant Credits' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: `Granted 5 credits to ${player.username}: the balance is 5 credits.`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(profile).toContainText('5 credits');
    const granted = history.getByRole('row').nth(1);
    await expect(granted).toContainText('+5');
    await expect(granted).toContainText('Headset broke mid-game');

    // The deletion's confirmation names the player and says what goes; left with Cancel.
    const actions = page.getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Delete Account…' }).click();
    const confirm = actions.getByRole('button', { name: 'Delete Account', exact: true });
    await expect(confirm).toBeFocused();
    await expect(actions).toContainText(`Delete the account of ${player.username}?`);
    await expect(actions).toContainText('the balance of 5 credits (forfeited, no refund)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await actions.getByRole('button', { name: 'Cancel' }).click();
    await expect(actions.getByRole('button', { name: 'Delete Account…' })).toBeFocused();

    // Another device: signed in with a code, so the role waits for the password and a code.
    const tablet = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${{ 1280: 83, 768: 84, 390: 88 }[width]}`,
    );
    await openConsoleWithCode(tablet, admin, app);
    await tablet.goto(new URL(page.url()).pathname);
    const role = tablet.getByRole('combobox', { name: 'Role' });
    await expect(role).toHaveValue('player');
    await role.selectOption({ label: 'Staff' });
    const save = tablet.getByRole('button', { name: 'Save Role' });
    await save.click();
    const reauth = tablet.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(reauth.getByLabel('Password', { exact: true })).toBeFocused();
    expect(await seriousA11yViolations(tablet)).toEqual([]);
    await reauth.getByLabel('Password', { exact: true }).fill(admin.password);
    await reauth.getByLabel('6-digit code').fill(await app.next());
    await reauth.getByRole('button', { name: 'Confirm' }).click();
    // The password is checked with Argon2: slow on purpose, slower on a loaded machine.
    await expect(reauth).toBeHidden({ timeout: PASSWORD_ANSWER_MS });
    await expect(save).toBeFocused();
    await expect(
      tablet
        .getByRole('status')
        .filter({ hasText: `${player.username} is now staff, and signed out everywhere` }),
    ).toBeVisible();
    await expect(
      tablet.getByRole('region', { name: player.username }).getByText('staff', { exact: true }),
    ).toBeVisible();
    // The player's browser is signed out.
    const me = await playerBrowser.request.post(API_ROUTES.usersMe.path, {
      headers: CLIENT_HEADERS,
      data: {},
    });
    expect(me.status()).toBe(401);

    // The audit log of the player: the grant and the role change, by this admin.
    await page.reload();
    await page.getByRole('link', { name: 'Their audit log' }).click();
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    await expect(log.getByRole('row')).toHaveCount(3);
    const [roleRow, grantRow] = [log.getByRole('row').nth(1), log.getByRole('row').nth(2)];
    await expect(roleRow).toContainText('Role changed');
    await expect(roleRow).toContainText('role: "player" → "staff"');
    await expect(roleRow).toContainText(admin.username);
    await expect(grantRow).toContainText('Credits granted');
    await expect(grantRow).toContainText('balance: 0 → 5');
    await expect(grantRow).toContainText('Headset broke mid-game');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await tablet.context().close();
    await playerBrowser.context().close();
  });
});
