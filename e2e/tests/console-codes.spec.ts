// The console's code batches against the real server, at desktop and phone width: an admin
// (made by the command line, two-factor set up from the QR's key) makes a named batch of Game
// Passes and downloads its CSV, the only copy of the codes; a player in another browser redeems one
// in the site's redeem modal; the batch's page shows that code redeemed, by whom and when, and the
// audit log shows the batch made. Every screen is checked with axe.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { codeRedeemedMessage } from '@questfield/contract';
import { newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import {
  atConsoleWidths,
  openConsoleAs,
  openConsoleScreen,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/;

atConsoleWidths((width) => {
  test('an admin makes a batch and downloads its codes; one redeemed shows who and when', async ({
    page,
    browser,
    baseURL,
    problemLog,
  }) => {
    test.slow();
    const { account: admin } = await openConsoleAs(page, 'admin');
    // Batch names are unique: one of its own for each run and width.
    const name = `Fair ${width} ${randomBytes(3).toString('hex')}`;

    await openConsoleScreen(page, 'Codes');
    const form = page.getByRole('region', { name: 'New batch' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form
      .getByRole('radio', { name: 'Game Pass: one player redeems each code, once.' })
      .check();
    await form.getByLabel('Codes', { exact: true }).fill('3');
    await form.getByLabel('Credits each', { exact: true }).fill('5');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Set up a moment ago: the password and a code were just checked, so no dialog.
    await form.getByRole('button', { name: 'Create Batch' }).click();
    const made = form.getByRole('heading', { name: `${name}: 3 codes made` });
    await expect(made).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^questfield-codes-fair-\d+-[0-9a-f]{6}\.csv$/);
    const [header, ...rows] = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(header).toBe('code,batch,kind,credits,expires');
    expect(rows).toHaveLength(3);
    const codes = rows.map((row) => row.split(',')[0] ?? '');
    for (const row of rows) expect(row).toMatch(new RegExp(`,${name},game-pass,5,$`));
    for (const code of codes) expect(code).toMatch(CODE);
    const [redeemedCode = ''] = codes;
    const label = `Game Pass …${redeemedCode.slice(-4)}`;

    // The list counts the new batch's codes; none is shown.
    const list = page.getByRole('table', { name: 'Code batches, newest first' });
    const batchRow = list.getByRole('row').filter({ hasText: name });
    await expect(batchRow).toContainText(admin.username);
    await expect(list).not.toContainText(redeemedCode);

    // A player, in another browser, redeems one in the site's redeem modal.
    const playerPage = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${{ 1280: 91, 768: 92, 390: 98 }[width]}`,
    );
    const player = newPlayer();
    await playerPage.goto('/');
    await signUp(playerPage, false, player);
    await playerPage
      .getByRole('region', { name: 'Purchase Credits' })
      .getByRole('button', { name: 'Redeem Code' })
      .click();
    const redeem = playerPage.getByRole('dialog', { name: 'Redeem Code' });
    await redeem.getByLabel('Code', { exact: true }).fill(redeemedCode.toLowerCase());
    await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(redeem.getByRole('status')).toHaveText(codeRedeemedMessage(5));
    await playerPage.context().close();

    // The batch's page: the code redeemed, by that player, and when.
    await page.reload();
    await expect(batchRow.getByRole('cell').nth(4)).toHaveText('1');
    await batchRow.getByRole('link', { name: `Open the batch ${name}` }).click();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    const codesTable = page.getByRole('table', { name: `Codes of ${name}, by label` });
    await expect(codesTable.getByRole('row')).toHaveCount(4);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Redeemed' });
    // The whole list stays until the filtered one replaces it: wait for one code, then name it.
    await expect(codesTable.getByRole('row')).toHaveCount(2);
    const redeemedRow = codesTable.getByRole('row').filter({ hasText: label });
    await expect(redeemedRow).toContainText('Redeemed');
    await expect(
      redeemedRow.getByRole('link', { name: `Open the page of ${player.username}` }),
    ).toBeVisible();
    await expect(redeemedRow.locator('time')).toHaveAttribute(
      'datetime',
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    await expect(page).toHaveURL(/\?state=redeemed$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The audit log: the batch made, by this admin, without its codes.
    await openConsoleScreen(page, 'Audit log');
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    // The whole log first, so no answer is on its way when the filter changes.
    await expect(log.getByRole('row').nth(1)).toBeVisible();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Codes created' });
    await expect(log.getByRole('row').filter({ hasText: 'Two-factor' })).toHaveCount(0);
    const created = log.getByRole('row').filter({ hasText: name });
    await expect(created).toContainText('Codes created');
    await expect(created).toContainText(admin.username);
    await expect(created).toContainText('count: 3');
    await expect(log).not.toContainText(redeemedCode);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
