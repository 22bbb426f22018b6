import { API_ROUTES, CONSOLE_TODAY, type TodayGame } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayQueryOptions } from '../api/get-today';
import { findRetryAlert, refusal } from '@/testing/answers';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import {
  mockApi,
  testConsoleSession,
  testConsoleToday,
  testUser,
  type MockAnswer,
} from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const TODAY = API_ROUTES.consoleToday.path;
const MINUTE = 60_000;

const game = (time: string, startsAt: string, overrides: Partial<TodayGame> = {}): TodayGame => ({
  time,
  startsAt,
  booked: 0,
  capacity: 25,
  open: true,
  started: false,
  ended: false,
  waiting: 0,
  ...overrides,
});
const ENDED = game('10:00', '2026-06-01T14:00:00.000Z', { booked: 20, started: true, ended: true });
const LIVE = game('10:30', '2026-06-01T14:30:00.000Z', { booked: 25, started: true, waiting: 2 });
const CLOSED = game('11:00', '2026-06-01T15:00:00.000Z', { open: false });
// The next game starts an hour and a half from the browser's now: its countdown runs.
const NEXT = game('11:30', new Date(Date.now() + 90 * MINUTE).toISOString(), { booked: 7 });

function openHome(answer: () => MockAnswer) {
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession() }),
    [TODAY]: answer,
  });
  return { api, ...renderApp('/operator') };
}
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const today = () => screen.findByRole('region', { name: 'Today' });

describe("the console's Today", () => {
  it("shows today's games, the next game counting down, the money and what needs attention", async () => {
    // The operator is in Chicago: the venue's clock (New York) first, theirs beside it.
    fakeBrowserTimeZone('America/Chicago');
    openHome(() => ({
      body: testConsoleToday({
        games: [ENDED, LIVE, CLOSED, NEXT],
        nextGame: NEXT,
        sales: { count: 2, cents: 3598 },
        refunds: { count: 1, cents: 1799 },
        needsAttention: { flaggedOrders: 1, failedMails: 3, lapsingOffers: 2 },
      }),
    }));
    const section = await today();
    const games = await within(section).findByRole('table', { name: "Today's games" });
    await waitFor(() =>
      expect(rowsOf(games).slice(0, 4)).toEqual([
        ['Start', 'Seats', 'Waiting', 'State'],
        ['10:00 AM EDT · , 9:00 AM CDT your time', '20 of 25', '0', 'Ended'],
        ['10:30 AM EDT · , 9:30 AM CDT your time', '25 of 25', '2', 'Playing now'],
        ['11:00 AM EDT · , 10:00 AM CDT your time', '0 of 25', '0', 'Closed'],
      ]),
    );
    expect(rowsOf(games)[4]?.slice(1)).toEqual(['7 of 25', '0', 'Open']);
    expect(within(section).getByText('Monday, June 1, 2026', { exact: false })).toBeVisible();
    expect(within(section).getByText(/, 7 of 25 seats taken$/)).toBeVisible();
    expect(within(section).getByRole('timer')).toHaveTextContent(/^01:(30:00|29:\d\d)$/);

    expect(within(section).getByText('$35.98 from 2 orders')).toBeVisible();
    expect(within(section).getByRole('link', { name: "Today's orders" })).toHaveAttribute(
      'href',
      '/operator/orders?day=2026-06-01',
    );
    expect(within(section).getByText('$17.99 in 1 refund')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Refunded orders' })).toHaveAttribute(
      'href',
      '/operator/orders?status=refunded',
    );

    expect(within(section).getByRole('link', { name: /^1 flagged order/ })).toHaveAttribute(
      'href',
      '/operator/orders?flag=any',
    );
    expect(
      within(section).getByRole('link', {
        name: `2 waitlist offers lapsing within ${CONSOLE_TODAY.lapsingWithinMinutes} minutes`,
      }),
    ).toHaveAttribute('href', '/operator/schedule');
    // The outbox has no screen: said, not linked.
    expect(within(section).getByText(/^3 mails could not be delivered/)).toBeVisible();
    expect(within(section).queryByRole('link', { name: /mails/ })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Open the venue day' })).toHaveAttribute(
      'href',
      '/operator/schedule',
    );
    expect(within(section).queryByText('Nothing needs you.')).toBeNull();

    // What the overview showed stays, below.
    expect(screen.getByRole('heading', { name: 'Signed in to the console' })).toBeVisible();
  });

  it('says so when nothing needs an operator and no game is left', async () => {
    openHome(() => ({ body: testConsoleToday({ games: [ENDED] }) }));
    const section = await today();
    expect(await within(section).findByText('Nothing needs you.')).toBeVisible();
    expect(within(section).getByText('No more games today.')).toBeVisible();
    expect(within(section).queryByRole('timer')).toBeNull();
    expect(within(section).getByText('$0.00 from 0 orders')).toBeVisible();
    expect(within(section).queryByRole('link', { name: /flagged|lapsing/ })).toBeNull();
  });

  it('offers to try again when today could not be loaded, never an empty day', async () => {
    const user = userEvent.setup();
    let failing = true;
    openHome(() =>
      failing ? refusal('INTERNAL') : { body: testConsoleToday({ games: [NEXT], nextGame: NEXT }) },
    );
    const alert = await findRetryAlert('Today could not be loaded.');
    const section = await today();
    expect(within(section).queryByText('Nothing needs you.')).toBeNull();
    expect(within(section).queryByRole('table')).toBeNull();
    // The rest of the overview does not depend on it.
    expect(screen.getByRole('heading', { name: 'Signed in to the console' })).toBeVisible();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByRole('table', { name: "Today's games" })).toBeVisible();
    expect(screen.queryByText('Today could not be loaded.')).toBeNull();
  });

  it('is asked again every half minute while shown', () => {
    expect(todayQueryOptions().refetchInterval).toBe(CONSOLE_TODAY.refreshMs);
  });
});
