import { API_ROUTES, type ConsoleDay, type ConsoleRoster } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testConsoleSession, testUser } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const ROSTER = API_ROUTES.consoleRoster.path;

const roster: ConsoleRoster = {
  day: '2026-06-01',
  time: '10:00',
  timeZone: 'America/New_York',
  startsAt: '2026-06-01T14:00:00.000Z',
  endsAt: '2026-06-01T14:30:00.000Z',
  capacity: 25,
  open: true,
  accessCode: 'MAZE-4821',
  noShowFrom: '2026-06-01T14:10:00.000Z',
  graceMinutes: 10,
  counts: { booked: 4, joined: 1, noShow: 1 },
  seats: [
    {
      username: 'ada',
      email: 'ada@example.com',
      source: 'booked',
      at: '2026-05-30T15:00:00.000Z',
      joinedAt: '2026-06-01T14:02:00.000Z',
      presence: 'joined',
    },
    {
      username: 'bo',
      email: 'bo@example.com',
      source: 'joined',
      at: '2026-06-01T14:01:00.000Z',
      joinedAt: null,
      presence: 'waiting',
    },
    {
      username: 'cy',
      email: 'cy@example.com',
      source: 'waitlist',
      at: '2026-05-31T15:00:00.000Z',
      joinedAt: null,
      presence: 'no-show',
    },
    {
      username: 'di',
      email: 'di@example.com',
      source: 'staff',
      at: '2026-06-01T13:00:00.000Z',
      joinedAt: null,
      presence: 'waiting',
    },
  ],
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe("a game's roster", () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists each player, how the seat was taken and who joined, with the counts', async () => {
    fakeBrowserTimeZone('America/New_York');
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role: 'staff' }) }),
      [ROSTER]: () => ({ body: roster }),
    });
    renderApp('/operator/roster?day=2026-06-01&time=10:00');
    const table = await screen.findByRole('table', { name: 'Players on this game' });
    expect(api.sent.filter((request) => request.path === ROSTER).map((r) => r.body)).toEqual([
      { day: '2026-06-01', time: '10:00' },
    ]);
    // Times are on the venue's clock (New York here, the viewer's too), once it is known.
    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['#', 'Player', 'Email', 'Seat taken', 'How', 'Joined'],
        ['1', 'ada', 'ada@example.com', 'Sat, May 30, 11:00 AM EDT', 'Booked', '10:02 AM EDT'],
        ['2', 'bo', 'bo@example.com', 'Mon, Jun 1, 10:01 AM EDT', 'Joined by code', 'Not yet'],
        ['3', 'cy', 'cy@example.com', 'Sun, May 31, 11:00 AM EDT', 'From the waitlist', 'No-show'],
        ['4', 'di', 'di@example.com', 'Mon, Jun 1, 9:00 AM EDT', 'Booked by staff', 'Not yet'],
      ]),
    );
    expect(screen.getByText('MAZE-4821')).toBeVisible();
    expect(screen.getByText('4 of 25 seats booked · 1 joined · 1 no-show')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the venue day' })).toHaveAttribute(
      'href',
      '/operator/schedule?day=2026-06-01',
    );
  });

  it('prints with the Print button', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role: 'staff' }) }),
      [ROSTER]: () => ({ body: roster }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp('/operator/roster?day=2026-06-01&time=10:00');
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('is reached from each game of the venue day by its Roster link', async () => {
    const day: ConsoleDay = {
      day: '2026-06-01',
      today: '2026-06-01',
      timeZone: 'America/New_York',
      version: 'v1',
      slots: [
        {
          time: '10:00',
          startsAt: '2026-06-01T14:00:00.000Z',
          booked: 3,
          capacity: 25,
          open: true,
          started: false,
          ended: false,
          waiting: 0,
          players: [],
        },
      ],
    };
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role: 'staff' }) }),
      // The day's first answer, then a held request that does not end here.
      [API_ROUTES.consoleDay.path]: (body) =>
        body.after === undefined ? { body: day } : new Promise(() => {}),
    });
    renderApp('/operator/schedule?day=2026-06-01');
    const link = await screen.findByRole('link', { name: /^Roster of the .*10:00 AM.* game$/ });
    expect(link).toHaveAttribute('href', '/operator/roster?day=2026-06-01&time=10%3A00');
  });
});
