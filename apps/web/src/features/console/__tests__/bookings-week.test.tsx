import { API_ROUTES, type ConsoleBookingsWeek } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testConsoleSession, testUser, testVenue } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const BOOKINGS = API_ROUTES.consoleBookingsWeek.path;
const days = (from: string) =>
  Array.from({ length: 7 }, (_, index) => {
    const date = new Date(`${from}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + index);
    return date.toISOString().slice(0, 10);
  });

/** `time` ('HH:MM') on `day` in New York, as an instant: summer time (UTC−4) until Nov 1, 2026. */
const newYork = (day: string, time: string) => {
  const offset = day < '2026-11-01' ? '-04:00' : '-05:00';
  return new Date(`${day}T${time}:00${offset}`).toISOString();
};

const weekFrom = (from: string): ConsoleBookingsWeek => {
  const shown = days(from);
  return {
    from,
    today: '2026-06-01',
    timeZone: 'America/New_York',
    days: shown.map((day, index) => ({
      day,
      closed: index === 2 ? { blocked: 'Private party' } : index === 6 ? 'week' : null,
    })),
    rows: ['10:00', '18:30'].map((time) => ({
      time,
      cells: shown.map((day, index) =>
        index === 2 || index === 6
          ? null
          : {
              day,
              startsAt: newYork(day, time),
              booked: index === 0 ? 25 : index,
              capacity: 25,
              open: time !== '18:30' || index !== 1,
            },
      ),
    })),
  };
};

describe('the week of bookings', () => {
  it("shows each game's seats taken of capacity, day by day, each cell its day's link", async () => {
    // At the venue: its clock alone, its zone named.
    fakeBrowserTimeZone('America/New_York');
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role: 'staff' }) }),
      '/api/Venue': () => ({ body: testVenue() }),
      [BOOKINGS]: (body) => ({
        body: weekFrom(typeof body.from === 'string' ? body.from : '2026-06-01'),
      }),
    });
    renderApp('/operator/week');
    const table = await screen.findByRole('table', {
      name: 'Bookings from Mon, Jun 1 to Sun, Jun 7',
    });
    const head = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(head).toEqual([
      'Time',
      'Mon, Jun 1',
      'Tue, Jun 2',
      'Wed, Jun 3 (Blocked: Private party)',
      'Thu, Jun 4',
      'Fri, Jun 5',
      'Sat, Jun 6',
      'Sun, Jun 7 (Closed)',
    ]);
    const full = within(table).getByRole('link', {
      name: 'Mon, Jun 1, 10:00 AM EDT: 25 of 25 seats taken. Open the venue day.',
    });
    expect(full).toHaveAttribute('href', '/operator/schedule?day=2026-06-01');
    expect(full).toHaveTextContent('25/25');
    expect(
      within(table).getByRole('link', {
        name: 'Tue, Jun 2, 6:30 PM EDT: 1 of 25 seats taken, closed. Open the venue day.',
      }),
    ).toHaveTextContent('1/25closed');
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.querySelector('th')?.textContent)).toEqual([
      '10:00 AM EDT',
      '6:30 PM EDT',
    ]);
    expect([...(rows[1]?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      '25/25',
      '1/25',
      '—',
      '3/25',
      '4/25',
      '5/25',
      '—',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Next 7 days' }));
    await screen.findByRole('table', { name: 'Bookings from Mon, Jun 8 to Sun, Jun 14' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    await screen.findByRole('table', { name: 'Bookings from Mon, Jun 1 to Sun, Jun 7' });
    await waitFor(() =>
      expect(api.sent.filter((r) => r.path === BOOKINGS).map((r) => r.body)).toEqual([
        {},
        { from: '2026-06-08' },
        { from: '2026-06-01' },
      ]),
    );
  });

  it('names the zone of each time, the viewer’s beside it, and a game’s own when summer time ends', async () => {
    fakeBrowserTimeZone('Europe/Berlin');
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role: 'staff' }) }),
      '/api/Venue': () => ({ body: testVenue() }),
      // Thursday, October 29 to Wednesday, November 4: New York leaves summer time on Sunday.
      [BOOKINGS]: () => ({ body: weekFrom('2026-10-29') }),
    });
    renderApp('/operator/week?from=2026-10-29');
    const table = await screen.findByRole('table', {
      name: 'Bookings from Thu, Oct 29 to Wed, Nov 4',
    });
    const rows = within(table).getAllByRole('row');
    await waitFor(() =>
      expect(rows[1]?.querySelector('th')?.textContent).toBe('10:00 AM EDT, 3:00 PM CET your time'),
    );
    expect(
      within(table).getByRole('link', {
        name: 'Thu, Oct 29, 10:00 AM EDT (3:00 PM CET your time): 25 of 25 seats taken. Open the venue day.',
      }),
    ).toHaveTextContent(/^25\/25$/);
    // From Sunday the same wall time is on standard time: the cell says so.
    const sunday = within(table).getByRole('link', {
      name: 'Sun, Nov 1, 10:00 AM EST (4:00 PM CET your time): 3 of 25 seats taken. Open the venue day.',
    });
    expect(sunday).toHaveTextContent('3/2510:00 AM EST');
  });
});
