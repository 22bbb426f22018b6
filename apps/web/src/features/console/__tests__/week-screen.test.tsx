import {
  API_ROUTES,
  DEFAULT_WEEKLY_SCHEDULE,
  type ConsoleClosurePreview,
  type ConsoleWeek,
} from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testConsoleSession, testUser, testVenue } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const WEEK = API_ROUTES.consoleWeek.path;
const CHANGE = API_ROUTES.consoleWeekChange.path;
const PREVIEW = API_ROUTES.consoleClosurePreview.path;
const nobodyBooked: ConsoleClosurePreview = { seats: [], waiting: 0 };
const week: ConsoleWeek = {
  week: { ...DEFAULT_WEEKLY_SCHEDULE, sunday: null },
  blocked: [{ date: '2099-12-25', reason: 'Closed for the holiday' }],
};

function mockConsole(role: 'staff' | 'admin') {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role }) }),
    [WEEK]: () => ({ body: week }),
    [PREVIEW]: () => ({ body: nobodyBooked }),
    [CHANGE]: (body) => ({
      body:
        body.command === 'schedule set'
          ? { ...body, added: 5, removed: 18, kept: 1 }
          : body.command === 'days block'
            ? {
                command: 'days block',
                date: body.date,
                closed: 24,
                seats: 3,
                ...(body.cancelSeats === true
                  ? { cancelled: 3, refunded: 6, released: 2 }
                  : { cancelled: 0, refunded: 0, released: 0 }),
              }
            : { command: 'days unblock', date: body.date, reopened: 24 },
    }),
  });
}

describe('the week', () => {
  it('shows staff each weekday and the blocked days, without the controls', async () => {
    mockConsole('staff');
    renderApp('/operator/week');
    const table = await screen.findByRole('table', { name: 'Games by weekday' });
    // On the venue's clock (mockApi's Venue: New York, 12-hour), as the venue day writes times.
    expect(
      await screen.findByText(/Times are on the venue's clock \(America\/New_York\)\./),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: /Monday/ })).toHaveTextContent(
      '10:00 AM to the 9:30 PM game',
    );
    expect(within(table).getByRole('row', { name: /Sunday/ })).toHaveTextContent('Closed');
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByText('Only admins change the week and block days.')).toBeVisible();
    expect(screen.getByText('Closed for the holiday')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Unblock/ })).toBeNull();
  });

  it("writes the weekday hours on 24 hours when the venue's clock says so", async () => {
    const api = mockConsole('staff');
    api.table['/api/Venue'] = () => ({
      body: testVenue({ timeZone: 'Europe/Berlin', hourCycle: '24' }),
    });
    renderApp('/operator/week');
    const table = await screen.findByRole('table', { name: 'Games by weekday' });
    expect(
      await screen.findByText(/Times are on the venue's clock \(Europe\/Berlin\)\./),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: /Monday/ })).toHaveTextContent(
      '10:00 to the 21:30 game',
    );
  });

  it('lets an admin change a weekday, held to half hours, and close another', async () => {
    const user = userEvent.setup();
    const api = mockConsole('admin');
    renderApp('/operator/week');
    const change = await screen.findByRole('button', { name: 'Change Tuesday' });
    await user.click(change);
    const dialog = await findDialog("Tuesday's games");
    const first = within(dialog).getByLabelText('First game');
    await user.clear(first);
    await user.type(first, '18:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Games start on the hour or the half hour.'),
    ).toBeVisible();
    await user.clear(first);
    await user.type(first, '18:00');
    const seats = within(dialog).getByLabelText('Seats in each game');
    await user.clear(seats);
    await user.type(seats, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitForDialogToClose();
    expect(await screen.findByText(/Tuesday saved: 5 slots added and 18 removed/)).toBeVisible();
    await waitFor(() => expect(change).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Change Monday' }));
    const monday = await findDialog("Monday's games");
    await user.click(within(monday).getByLabelText('Open this day'));
    expect(within(monday).queryByLabelText('First game')).toBeNull();
    await user.click(within(monday).getByRole('button', { name: 'Save' }));
    await waitForDialogToClose();

    expect(api.sent.filter((request) => request.path === CHANGE).map((r) => r.body)).toEqual([
      {
        command: 'schedule set',
        weekday: 'tuesday',
        hours: { first: '18:00', last: '21:30', capacity: 30 },
      },
      { command: 'schedule set', weekday: 'monday', hours: null },
    ]);
  });

  it('lets an admin block a day with a reason and unblock one', async () => {
    const user = userEvent.setup();
    const api = mockConsole('admin');
    renderApp('/operator/week');
    await user.click(await screen.findByRole('button', { name: 'Block Day' }));
    expect(await screen.findByText('Say why the day is blocked.')).toBeVisible();
    await user.type(screen.getByLabelText('Day', { exact: true }), '2099-11-26');
    await user.type(screen.getByLabelText('Reason'), 'Private event');
    await user.click(screen.getByRole('button', { name: 'Block Day' }));
    // Nobody on the day's games: nothing to choose.
    const dialog = await findDialog(/^Block /);
    expect(await within(dialog).findByText(/Nobody is booked/)).toBeVisible();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Block Day' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent(/is blocked: 24 slots closed; players hold 3 seats/);
    await waitFor(() => expect(result).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitForDialogToClose();
    expect(screen.getByText(/is blocked: 24 slots closed; players hold 3 seats/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Unblock / }));
    expect(await screen.findByText(/is open again: 24 slots reopened/)).toBeVisible();
    expect(api.sent.filter((request) => request.path === CHANGE).map((r) => r.body)).toEqual([
      { command: 'days block', date: '2099-11-26', reason: 'Private event' },
      { command: 'days unblock', date: '2099-12-25' },
    ]);
  });

  it("lists a day's players before blocking it, and cancels their seats with the reason", async () => {
    const user = userEvent.setup();
    const api = mockConsole('admin');
    api.table[PREVIEW] = () => ({
      body: {
        seats: [
          { id: 'r1', username: 'mia', time: '10:00' },
          { id: 'r2', username: 'leo', time: '18:30' },
        ],
        waiting: 2,
      } satisfies ConsoleClosurePreview,
    });
    renderApp('/operator/week');
    await user.type(await screen.findByLabelText('Day', { exact: true }), '2099-11-26');
    await user.type(screen.getByLabelText('Reason'), 'Private event');
    await user.click(screen.getByRole('button', { name: 'Block Day' }));
    const dialog = await findDialog(/^Block /);
    const list = await within(dialog).findByRole('region', {
      name: 'Players booked on the games not started',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['mia, the 10:00 AM game', 'leo, the 6:30 PM game']);
    expect(within(dialog).getByText('2 players wait in line.')).toBeVisible();
    expect(
      within(dialog).getByText(/mailed if their seats are cancelled: Private event/),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Block Day' }));
    expect(await within(dialog).findByText('Choose what happens to their seats.')).toBeVisible();
    await user.click(within(dialog).getByLabelText('Cancel their seats and refund them'));
    await user.click(within(dialog).getByRole('button', { name: 'Block Day' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent(
      'is blocked: 24 slots closed. 3 seats cancelled, 6 credits refunded, 2 waitlist places ended; the players were mailed.',
    );
    await waitFor(() => expect(result).toHaveFocus());
    expect(api.sent.filter((request) => request.path !== WEEK).slice(-2)).toEqual([
      { path: PREVIEW, body: { day: '2099-11-26' } },
      {
        path: CHANGE,
        body: {
          command: 'days block',
          date: '2099-11-26',
          reason: 'Private event',
          cancelSeats: true,
        },
      },
    ]);
  });

  it('says who is booked could not be read, and blocks nothing', async () => {
    const user = userEvent.setup();
    const api = mockConsole('admin');
    api.table[PREVIEW] = () => refusal('INTERNAL');
    renderApp('/operator/week');
    await user.type(await screen.findByLabelText('Day', { exact: true }), '2099-11-26');
    await user.type(screen.getByLabelText('Reason'), 'Private event');
    await user.click(screen.getByRole('button', { name: 'Block Day' }));
    const dialog = await findDialog(/^Block /);
    await findRetryAlert('The players booked could not be read.');
    expect(within(dialog).queryByText(/Nobody is booked/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Block Day' })).toBeNull();
    expect(api.sent.some((request) => request.path === CHANGE)).toBe(false);
  });

  it('says the week could not be loaded, with no weekday or blocked day', async () => {
    const api = mockConsole('staff');
    api.table[WEEK] = () => refusal('INTERNAL');
    renderApp('/operator/week');
    await findRetryAlert('The week could not be loaded.');
    expect(screen.queryByRole('table', { name: /week/i })).not.toBeInTheDocument();
    expect(screen.queryByText('No day is blocked.')).not.toBeInTheDocument();
  });
});
