// The console's weekly report against the real server, at desktop, tablet and phone width: a player
// buys 16 credits; staff open Reports and find this week's revenue, with its numbers in a table
// and as a CSV. The chart library is fetched only for that screen, never by a player's pages.
// Checked with axe.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from '../support/axe';
import {
  accountByApi,
  CONSOLE_VIEWPORTS,
  atConsoleWidths,
  openConsoleAs,
  openConsoleScreen,
  PHONE_VIEWPORT,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';
import { buyCreditPackByApi } from '../support/payments';

/** The chart chunks a page fetches from now on. */
function chartRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/report-chart-[^/]*\.js$/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

atConsoleWidths(
  (width) => {
    test("staff read this week's revenue as a chart, a table and a CSV", async ({
      page,
      browser,
      baseURL,
      problemLog,
    }) => {
      test.slow();
      const charts = chartRequests(page);
      await openConsoleAs(page, 'staff');

      const playerBrowser = await secondBrowser(
        browser,
        baseURL ?? '',
        problemLog,
        `198.51.100.${{ 1280: 93, 768: 94, 390: 95 }[width]}`,
      );
      const playerCharts = chartRequests(playerBrowser);
      await accountByApi(playerBrowser);
      await buyCreditPackByApi(playerBrowser);
      await playerBrowser.goto('/dashboard');
      await expect(playerBrowser.getByRole('main')).toBeVisible();
      expect(charts).toEqual([]);

      await openConsoleScreen(page, 'Reports');
      const revenue = page.getByRole('table', { name: 'Revenue by pack' });
      const row = revenue.getByRole('row').filter({ hasText: '16 Credits' });
      await expect(row).toBeVisible();
      await expect(page).toHaveURL(/\/operator\/reports$/);
      await expect(page.getByRole('table', { name: 'Seats per day' }).getByRole('row')).toHaveCount(
        8,
      );
      await expect.poll(() => charts.length).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV: Revenue by pack' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^questfield-revenue-by-pack-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const [header, ...rows] = (await readFile(await download.path(), 'utf8')).trim().split('\n');
      expect(header).toBe('sku,paid_orders,revenue_usd,refunded_orders,refunded_usd');
      expect(rows.some((line) => line.startsWith('credits-16,'))).toBe(true);

      // The week before, by its button, is kept in the address.
      await page.getByRole('button', { name: 'Previous Week' }).click();
      await expect(page).toHaveURL(/\/operator\/reports\?week=\d{4}-\d{2}-\d{2}$/);
      await expect(page.getByRole('table', { name: 'Seats per day' })).toBeVisible();
      expect(playerCharts).toEqual([]);
    });
  },
  [...CONSOLE_VIEWPORTS, PHONE_VIEWPORT],
);
