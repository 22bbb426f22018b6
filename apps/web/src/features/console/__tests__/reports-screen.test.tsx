import { API_ROUTES, type ConsoleReport } from '@questfield/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testConsoleSession, testUser, type MockAnswer } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const REPORT = API_ROUTES.consoleReport.path;
const DAYS = ['01', '02', '03', '04', '05', '06', '07'].map((date) => `2026-06-${date}`);

const report = (week = '2026-06-01', overrides: Partial<ConsoleReport> = {}): ConsoleReport => ({
  week,
  timeZone: 'America/New_York',
  days: DAYS.map((day, index) => ({
    day,
    booked: index === 0 ? 3 : 0,
    capacity: index === 0 ? 50 : 0,
    creditsSold: index === 1 ? 32 : 0,
    creditsSpent: index === 0 ? 6 : 0,
    noShows: index === 0 ? 1 : 0,
  })),
  slots: [
    { startsAt: '2026-06-01T14:00:00.000Z', booked: 1, capacity: 25 },
    { startsAt: '2026-06-01T16:00:00.000Z', booked: 2, capacity: 25 },
  ],
  revenue: [
    {
      sku: 'credits-16',
      orders: 2,
      revenueCents: 3598,
      refundedOrders: 1,
      refundedCents: 1799,
    },
  ],
  redemptions: [
    { batch: 'Spring fair, 2026', redemptions: 2 },
    { batch: 'No batch', redemptions: 1 },
  ],
  ...overrides,
});

function openReports(path: string, answer: (body: Record<string, unknown>) => MockAnswer) {
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role: 'staff' }) }),
    [REPORT]: answer,
  });
  return { api, ...renderApp(path) };
}
const sentWeeks = (api: ReturnType<typeof mockApi>) =>
  api.sent.filter((request) => request.path === REPORT).map((request) => request.body);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe("the console's reports", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the venue's current week, each chart's numbers as a table", async () => {
    // The viewer is at the venue (New York): its clock alone, no other beside it.
    fakeBrowserTimeZone('America/New_York');
    const { api } = openReports('/operator/reports', () => ({ body: report() }));
    expect(await screen.findByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const days = await screen.findByRole('table', { name: 'Seats per day' });
    expect(rowsOf(days)).toEqual([
      ['Day', 'Seats taken', 'Capacity', 'No-shows'],
      ['Mon, Jun 1', '3', '50', '1'],
      ['Tue, Jun 2', '0', '0', '0'],
      ['Wed, Jun 3', '0', '0', '0'],
      ['Thu, Jun 4', '0', '0', '0'],
      ['Fri, Jun 5', '0', '0', '0'],
      ['Sat, Jun 6', '0', '0', '0'],
      ['Sun, Jun 7', '0', '0', '0'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Seats per slot' }))).toEqual([
      ['Slot', 'Seats taken', 'Capacity'],
      ['Mon, Jun 1, 10:00 AM EDT', '1', '25'],
      ['Mon, Jun 1, 12:00 PM EDT', '2', '25'],
    ]);
    const credits = rowsOf(screen.getByRole('table', { name: 'Credits sold and spent per day' }));
    expect(credits.slice(0, 3)).toEqual([
      ['Day', 'Sold', 'Spent on seats'],
      ['Mon, Jun 1', '0', '6'],
      ['Tue, Jun 2', '32', '0'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Revenue by pack' }))).toEqual([
      ['Pack', 'Paid orders', 'Revenue', 'Refunded orders', 'Refunded'],
      ['16 Credits', '2', '$35.98', '1', '$17.99'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Redemptions by batch' }))).toEqual([
      ['Batch', 'Redemptions'],
      ['Spring fair, 2026', '2'],
      ['No batch', '1'],
    ]);
    expect(screen.getByText('Mon, Jun 1 to Sun, Jun 7')).toBeVisible();
    expect(sentWeeks(api)).toEqual([{}]);
  });

  it('moves a week at a time and to the week of a chosen day, kept in the address', async () => {
    const user = userEvent.setup();
    const { api, router } = openReports('/operator/reports?week=2026-06-01', (body) => ({
      body: report(String(body.week)),
    }));
    await screen.findByRole('table', { name: 'Seats per day' });
    await user.click(screen.getByRole('button', { name: 'Next Week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-06-08'));
    await user.click(await screen.findByRole('button', { name: 'Previous Week' }));
    await user.click(await screen.findByRole('button', { name: 'Previous Week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-05-25'));
    const picker = await screen.findByLabelText('Week of');
    // A Thursday: the week shown is the one it falls in.
    fireEvent.change(picker, { target: { value: '2026-07-16' } });
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-07-13'));
    await waitFor(() =>
      expect(sentWeeks(api)).toEqual([
        { week: '2026-06-01' },
        { week: '2026-06-08' },
        { week: '2026-06-01' },
        { week: '2026-05-25' },
        { week: '2026-07-13' },
      ]),
    );
  });

  it('downloads each table as CSV, quoting what needs it', async () => {
    const user = userEvent.setup();
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    openReports('/operator/reports?week=2026-06-01', () => ({ body: report() }));
    await user.click(
      await screen.findByRole('button', { name: 'Download CSV: Redemptions by batch' }),
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV: Revenue by pack' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV: Seats per slot' }));
    const csvOf = (index: number) =>
      decodeURIComponent(saved[index]?.href.split(',').slice(1).join(',') ?? '').split('\n');
    expect(saved.map((file) => file.name)).toEqual([
      'questfield-redemptions-by-batch-2026-06-01.csv',
      'questfield-revenue-by-pack-2026-06-01.csv',
      'questfield-seats-by-slot-2026-06-01.csv',
    ]);
    expect(csvOf(0)).toEqual(['batch,redemptions', '"Spring fair, 2026",2', 'No batch,1', '']);
    expect(csvOf(1)).toEqual([
      'sku,paid_orders,revenue_usd,refunded_orders,refunded_usd',
      'credits-16,2,35.98,1,17.99',
      '',
    ]);
    expect(csvOf(2)).toEqual([
      'starts_at,seats_taken,capacity',
      '2026-06-01T14:00:00.000Z,1,25',
      '2026-06-01T16:00:00.000Z,2,25',
      '',
    ]);
  });

  it('says when a part of the week is empty, and offers a retry when the report fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    openReports('/operator/reports?week=2026-06-01', () =>
      fail
        ? refusal('INTERNAL')
        : { body: report('2026-06-01', { slots: [], revenue: [], redemptions: [] }) },
    );
    expect(await screen.findByText('The report could not be loaded.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No order was paid this week.')).toBeVisible();
    expect(screen.getByText('No code was redeemed this week.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Seats per slot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV: Seats per slot' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Seats per day' })).toBeVisible();
  });

  it('says the report could not be loaded, not that the week is empty', async () => {
    openReports('/operator/reports?week=2026-06-01', () => refusal('INTERNAL'));
    await findRetryAlert('The report could not be loaded.');
    expect(screen.queryByText('No order was paid this week.')).not.toBeInTheDocument();
    expect(screen.queryByText('No code was redeemed this week.')).not.toBeInTheDocument();
    expect(
      screen.queryByText(
        'No slots this week: slots appear once a day has been opened for booking.',
      ),
    ).not.toBeInTheDocument();
  });
});
