// A refund of part of an order in the operator console against the real server, on a phone
// and a desktop (ADR 0056): a player buys 16 credits by card; an admin refunds $5.00 of it to
// the card, after the dialog says what that amount takes back (4 of the 16 credits); the
// outcome is announced, the order stays paid and says what was refunded, and the player's mail
// (the dev mailbox) says the amount, the card, the credits taken back and the reason.
import { API_ROUTES } from '@questfield/contract';
import { mailsTo } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import {
  accountByApi,
  atConsoleWidths,
  CLIENT_HEADERS,
  openConsoleAs,
  openConsoleScreen,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';
import { buyCreditPackByApi } from '../support/payments';

const REASON = 'One game was cut short';

atConsoleWidths((width) => {
  test('an admin refunds part of an order to the card, and the player is mailed it', async ({
    page,
    browser,
    baseURL,
    problemLog,
  }) => {
    test.slow();
    await openConsoleAs(page, 'admin');
    const playerBrowser = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${width === 1280 ? 93 : 94}`,
    );
    const player = await accountByApi(playerBrowser);
    const order = { orderNumber: await buyCreditPackByApi(playerBrowser) };

    await openConsoleScreen(page, 'Orders');
    const orders = page.getByRole('table', { name: 'Every order, newest first' });
    const row = orders.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('Paid');
    await row.getByRole('button', { name: `Refund ${order.orderNumber}` }).click();

    // The amount, where the money goes, and what exactly that takes back, before Confirm.
    const dialog = page.getByRole('dialog', { name: `Refund ${order.orderNumber}` });
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund' });
    await expect(amount).toHaveValue('17.99');
    await expect(dialog).toContainText(`16 credits from ${player.username}`);
    await amount.fill('5.00');
    await expect(dialog).toContainText(`4 credits from ${player.username}`);
    await expect(dialog.getByRole('radio', { name: /Refund to card/ })).toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Refund Order' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({
        hasText: `$5.00 of ${order.orderNumber} is refunded to the card; 4 credits taken back.`,
      }),
    ).toBeVisible();
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('$5.00 refunded');

    // The player keeps 12 credits, and the mail says what went back, where and why.
    const me = await playerBrowser.request.post(API_ROUTES.usersMe.path, {
      headers: CLIENT_HEADERS,
      data: {},
    });
    expect(((await me.json()) as [{ credits: number }])[0].credits).toBe(12);
    const [mail] = await mailsTo(page.request, player.email, /was refunded$/);
    expect(mail?.text).toContain(
      `We refunded $5.00 of your order ${order.orderNumber} to the card you paid with.`,
    );
    expect(mail?.text).toContain('We took back 4 credits of the credits');
    expect(mail?.text).toContain(`The reason our staff gave: ${REASON}`);
    await playerBrowser.context().close();
  });
});
