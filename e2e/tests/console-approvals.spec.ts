// A second admin's approval against the real server (ADR 0053), on a desktop and a phone: an admin
// grants a player more than an admin grants in a day without approval; the grant waits, the balance
// unchanged. Another admin, on another device, opens Approvals, sees who asked for what and why,
// and approves it: the credits arrive and the request moves to the decided list, which the first
// admin sees too. Each screen is checked with axe.
import { MONEY_LIMITS } from '@questfield/contract';
import { seriousA11yViolations } from '../support/axe';
import {
  accountByApi,
  atConsoleWidths,
  openConsoleAs,
  openConsoleScreen,
  openPlayerPage,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';

const CREDITS = MONEY_LIMITS.defaults.adminDailyCredits + 100;
const REASON = 'Tournament prizes';

atConsoleWidths((width) => {
  // The other devices' addresses, one pair per width (the two may run at once).
  const [playerAddress, otherAddress] = width === 390 ? [96, 97] : [91, 92];

  test('a grant past the day waits for another admin, who approves it on the Approvals screen', async ({
    page,
    browser,
    baseURL,
    problemLog,
  }) => {
    test.slow();
    const { account: asker } = await openConsoleAs(page, 'admin');
    const playerBrowser = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${playerAddress}`,
    );
    const player = await accountByApi(playerBrowser);

    // The first admin grants more than a day allows: it waits.
    await openPlayerPage(page, player);
    const credits = page.getByRole('region', { name: 'Grant or deduct credits' });
    await credits.getByLabel('Credits').fill(String(CREDITS));
    await credits.getByLabel('Reason').fill(REASON);
    await credits.getByRole('button', { name: 'Grant Credits' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: `Granting ${CREDITS} credits to ${player.username} takes you past your grants for today without approval`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: player.username })).toContainText('0 credits');

    // Their own request offers only Withdraw.
    await openConsoleScreen(page, 'Approvals');
    const title = `Grant ${CREDITS} credits to ${player.username}`;
    const own = page.getByRole('article', { name: title });
    await expect(own).toContainText(`Reason: ${REASON}`);
    await expect(own.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Another admin, on another device, approves it.
    const other = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${otherAddress}`,
    );
    await openConsoleAs(other, 'admin');
    await openConsoleScreen(other, 'Approvals');
    const request = other.getByRole('article', { name: title });
    await expect(request).toContainText(`Asked by ${asker.username}`);
    expect(await seriousA11yViolations(other)).toEqual([]);
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(
      other.getByRole('status').filter({
        hasText: `Approved: ${CREDITS} credits granted to ${player.username}; the balance is ${CREDITS} credits.`,
      }),
    ).toBeVisible();
    await expect(request).toHaveCount(0);
    await expect(other.getByRole('heading', { name: 'Waiting for a second admin' })).toBeFocused();
    const decided = other.getByRole('table', { name: 'The latest decided requests' });
    await expect(decided.getByRole('row', { name: new RegExp(title) })).toContainText('Approved');

    // The first admin sees it decided.
    await page.reload();
    const seen = page.getByRole('table', { name: 'The latest decided requests' });
    await expect(seen.getByRole('row', { name: new RegExp(title) })).toContainText('Approved');
  });
});
