// Orders and refunds in the operator console against the real server, at desktop and phone width: a
// player buys 16 credits by card (the sandbox's approved card); an admin finds the order in the
// console's list, sees what a refund takes back, refunds it, and the player's balance, the player's
// page and its history show the credits taken back; the audit log names the refund. Every screen
// and dialog is checked with axe.
import { API_ROUTES } from '@questfield/contract';
import { seriousA11yViolations } from '../support/axe';
import {
  accountByApi,
  CLIENT_HEADERS,
  atConsoleWidths,
  openConsoleAs,
  openConsoleScreen,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';
import { buyCreditPackByApi } from '../support/payments';

atConsoleWidths((width) => {
  test("an admin refunds a player's order: the credits go back and the audit log says so", async ({
    page,
    browser,
    baseURL,
    problemLog,
  }) => {
    test.slow();
    const { account: admin } = await openConsoleAs(page, 'admin');

    const playerBrowser = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${{ 1280: 91, 768: 92, 390: 99 }[width]}`,
    );
    const player = await accountByApi(playerBrowser);
    const order = { orderNumber: await buyCreditPackByApi(playerBrowser) };

    // The order in the list, paid, with its buyer.
    await openConsoleScreen(page, 'Orders');
    const orders = page.getByRole('table', { name: 'Every order, newest first' });
    const row = orders.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(player.username);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // What the refund takes back, then the refund (the set-up has just confirmed the code).
    await row.getByRole('button', { name: `Refund ${order.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${order.orderNumber}` });
    await expect(dialog).toContainText(`16 credits from ${player.username}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Bought by mistake');
    await dialog.getByRole('button', { name: 'Refund Order' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `${order.orderNumber} is refunded` }),
    ).toBeVisible();
    await expect(row).toContainText('Refunded');
    await expect(row).toContainText('Money back on the card');
    await expect(row.getByText(order.orderNumber, { exact: true })).toBeFocused();

    // The player has the credits no more, and the player's page shows the refund.
    const me = await playerBrowser.request.post(API_ROUTES.usersMe.path, {
      headers: CLIENT_HEADERS,
      data: {},
    });
    expect(((await me.json()) as [{ credits: number }])[0].credits).toBe(0);
    await row.getByRole('link', { name: `Open the page of ${player.username}` }).click();
    const profile = page.getByRole('region', { name: player.username });
    await expect(profile).toContainText('0 credits');
    const history = page.getByRole('table', { name: 'Postings on the balance, newest first' });
    const posting = history.getByRole('row').nth(1);
    await expect(posting).toContainText('Refund');
    await expect(posting).toContainText('−16');
    await expect(posting).toContainText(order.orderNumber);

    // The audit log: the refund, by this admin, with what it took back and why.
    await openConsoleScreen(page, 'Audit log');
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Order refunded' });
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    const refunded = log
      .getByRole('row')
      .filter({ hasText: order.orderNumber })
      .filter({ hasText: 'Order refunded' });
    await expect(refunded).toContainText(admin.username);
    await expect(refunded).toContainText('creditsTakenBack: 16');
    await expect(refunded).toContainText('Bought by mistake');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await playerBrowser.context().close();
  });
});
