import { API_ROUTES, type ConsoleDay, type ConsoleSlot } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testUser, testConsoleSession } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const DAY_PATH = API_ROUTES.consoleDay.path;
const CHANGE = API_ROUTES.consoleSlotChange.path;
const CODE = API_ROUTES.consoleSlotAccessCode.path;
const PREVIEW = API_ROUTES.consoleClosurePreview.path;
const session = testConsoleSession();
// A day far ahead: a game has started or ended only when the server says so.
const DAY = '2099-06-01';
const slot = (time: string, startsAt: string, more: Partial<ConsoleSlot> = {}): ConsoleSlot => ({
  time,
  startsAt,
  booked: 0,
  capacity: 25,
  open: true,
  started: false,
  ended: false,
  waiting: 0,
  players: [],
  ...more,
});
const dayOf = (version: string, slots: ConsoleSlot[], day = DAY): ConsoleDay => ({
  day,
  today: '2099-05-30',
  timeZone: 'America/New_York',
  version,
  slots,
});
const TEN = slot('10:00', '2099-06-01T14:00:00.000Z');
const TEN_THIRTY = slot('10:30', '2099-06-01T14:30:00.000Z');

/** A held request the test answers when it chooses. */
function held() {
  let answer: (day: ConsoleDay) => void = () => {};
  const promise = new Promise<{ body: ConsoleDay }>((resolve) => {
    answer = (day) => resolve({ body: day });
  });
  return { promise, answer };
}

// The operator is at the venue: its clock alone, nothing beside it (one test says otherwise).
beforeEach(() => {
  fakeBrowserTimeZone('America/New_York');
});

describe('the venue day', () => {
  it('shows each slot, then follows the day live through held requests', async () => {
    const next = held();
    const later = held();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined
          ? { body: dayOf('v1', [TEN, TEN_THIRTY]) }
          : body.after === 'v1'
            ? next.promise
            : later.promise,
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });
    const row = () => within(table).getByRole('row', { name: /10:00/ });
    expect(row()).toHaveTextContent('0 of 25');
    expect(row()).toHaveTextContent('No players yet');
    expect(screen.getByText('0 of 50 seats taken; 2 of 2 slots open.')).toBeVisible();

    const mia = { id: 'p1', username: 'mia', source: 'joined' as const, at: TEN.startsAt };
    const kai = { id: 'p2', username: 'kai', source: 'staff' as const, at: TEN.startsAt };
    next.answer(dayOf('v2', [{ ...TEN, booked: 2, players: [mia, kai] }, TEN_THIRTY]));
    await waitFor(() => expect(row()).toHaveTextContent('2 of 25'));
    await userEvent.click(within(row()).getByText('2 players'));
    // Each player with how the seat was taken, in the roster's words: staff's seat told apart.
    expect(
      within(row())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'mia Joined by code at Mon, Jun 1, 10:00 AM EDT',
      'kai Booked by staff at Mon, Jun 1, 10:00 AM EDT',
    ]);
    await waitFor(() =>
      expect(api.sent.filter((request) => request.path === DAY_PATH).map((r) => r.body)).toEqual([
        { day: DAY },
        { day: DAY, after: 'v1' },
        { day: DAY, after: 'v2' },
      ]),
    );
  });

  it('closes a slot, resizes it within the seats taken, and shows its access code on request', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined
          ? { body: dayOf('v1', [{ ...TEN, booked: 3 }]) }
          : new Promise(() => {}),
      [CHANGE]: (body) => ({
        body: { slot: { ...TEN, booked: 3, open: body.command !== 'slots close' } },
      }),
      [CODE]: () => ({ body: { accessCode: 'K7Q2-M9XD' } }),
      [PREVIEW]: () => ({
        body: { seats: [{ id: 'r1', username: 'mia', time: '10:00' }], waiting: 0 },
      }),
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });

    await user.click(within(table).getByRole('button', { name: 'Close 10:00 AM EDT' }));
    const closing = await findDialog('Close the 10:00 AM EDT slot');
    await user.click(
      await within(closing).findByLabelText('Keep their seats (tell them yourself)'),
    );
    await user.click(within(closing).getByRole('button', { name: 'Close Slot' }));
    expect(await within(closing).findByRole('status')).toHaveTextContent(
      '10:00 AM EDT is closed: new bookings and joins are refused. Players keep 3 seats on it: tell them.',
    );
    await user.click(within(closing).getByRole('button', { name: 'Done' }));
    await waitForDialogToClose();
    expect(screen.getByText(/10:00 AM EDT is closed/)).toBeVisible();

    const resize = within(table).getByRole('button', {
      name: 'Change the capacity of 10:00 AM EDT',
    });
    await user.click(resize);
    const dialog = await findDialog('Capacity of the 10:00 AM EDT slot');
    const seats = within(dialog).getByLabelText('Seats');
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Capacity' }));
    expect(await within(dialog).findByText(/At least 3/)).toBeVisible();
    await user.clear(seats);
    await user.type(seats, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save Capacity' }));
    await waitForDialogToClose();
    await waitFor(() => expect(resize).toHaveFocus());
    expect(await screen.findByText('10:00 AM EDT now takes 30 players.')).toBeVisible();

    await user.click(
      within(table).getByRole('button', { name: 'Show the access code of 10:00 AM EDT' }),
    );
    const code = await within(table).findByRole('status', { name: 'Access code of 10:00 AM EDT' });
    expect(code).toHaveTextContent('K7Q2-M9XD');
    await waitFor(() => expect(code).toHaveFocus());

    expect(api.sent.filter((request) => request.path !== DAY_PATH).map((r) => r.body)).toEqual(
      expect.arrayContaining([
        { command: 'slots close', date: DAY, time: '10:00' },
        { command: 'slots set-capacity', date: DAY, time: '10:00', capacity: 30 },
        { day: DAY, time: '10:00' },
      ]),
    );
  });

  it('closes a slot nobody is on in one click, without asking who is booked', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined ? { body: dayOf('v1', [TEN]) } : new Promise(() => {}),
      [CHANGE]: () => ({ body: { slot: { ...TEN, open: false } } }),
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });
    await user.click(within(table).getByRole('button', { name: 'Close 10:00 AM EDT' }));
    expect(await screen.findByText(/10:00 AM EDT is closed/)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      api.sent.filter((request) => [PREVIEW, CHANGE].some((path) => path === request.path)),
    ).toEqual([{ path: CHANGE, body: { command: 'slots close', date: DAY, time: '10:00' } }]);
  });

  it("lists a slot's players and line, and cancels their seats with a required reason", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined
          ? { body: dayOf('v1', [{ ...TEN, booked: 3, waiting: 2 }]) }
          : new Promise(() => {}),
      [PREVIEW]: () => ({
        body: {
          seats: ['mia', 'leo', 'ana'].map((username) => ({
            id: username,
            username,
            time: '10:00',
          })),
          waiting: 2,
        },
      }),
      [CHANGE]: () => ({
        body: {
          slot: { ...TEN, open: false },
          closure: { cancelled: 3, refunded: 6, released: 2 },
        },
      }),
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });
    await user.click(within(table).getByRole('button', { name: 'Close 10:00 AM EDT' }));
    const dialog = await findDialog('Close the 10:00 AM EDT slot');
    const list = await within(dialog).findByRole('region', {
      name: 'Players booked on the games not started',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('mia, the 10:00 AM game')).toBeVisible();
    expect(within(dialog).getByText('2 players wait in line.')).toBeVisible();

    await user.click(within(dialog).getByLabelText('Cancel their seats and refund them'));
    await user.click(within(dialog).getByRole('button', { name: 'Close Slot' }));
    expect(await within(dialog).findByText('Say why: the players are mailed it.')).toBeVisible();
    expect(api.sent.some((request) => request.path === CHANGE)).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Game room flooded');
    await user.click(within(dialog).getByRole('button', { name: 'Close Slot' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent(
      '10:00 AM EDT is closed: new bookings and joins are refused. 3 seats cancelled, 6 credits refunded, 2 waitlist places ended; the players were mailed.',
    );
    await waitFor(() => expect(result).toHaveFocus());
    expect(
      api.sent.filter((request) => [PREVIEW, CHANGE].some((path) => path === request.path)),
    ).toEqual([
      { path: PREVIEW, body: { day: DAY, time: '10:00' } },
      {
        path: CHANGE,
        body: {
          command: 'slots close',
          date: DAY,
          time: '10:00',
          reason: 'Game room flooded',
          cancelSeats: true,
        },
      },
    ]);
  });

  it('says who is booked on a slot could not be read, with Try Again, not an empty list', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined
          ? { body: dayOf('v1', [{ ...TEN, waiting: 1 }]) }
          : new Promise(() => {}),
      [PREVIEW]: () => refusal('INTERNAL'),
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });
    await user.click(within(table).getByRole('button', { name: 'Close 10:00 AM EDT' }));
    const dialog = await findDialog('Close the 10:00 AM EDT slot');
    await findRetryAlert('The players booked could not be read.');
    expect(within(dialog).queryByText(/Nobody is booked/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close Slot' })).toBeNull();
  });

  it("shows an ended game as Ended, without changes, counted apart; a started one plays; each line's players", async () => {
    const NINE_THIRTY = slot('09:30', '2099-06-01T13:30:00.000Z', { started: true, ended: true });
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined
          ? {
              body: dayOf('v1', [
                NINE_THIRTY,
                { ...TEN, started: true, booked: 25, waiting: 3 },
                TEN_THIRTY,
              ]),
            }
          : new Promise(() => {}),
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });
    const row = (time: RegExp) => within(table).getByRole('row', { name: time });

    const ended = row(/9:30/);
    expect(within(ended).getByText('Ended')).toBeVisible();
    expect(within(ended).queryByText('Open')).not.toBeInTheDocument();
    expect(within(ended).queryByRole('button', { name: /^Close|^Change the capacity/ })).toBe(null);
    expect(within(ended).getByRole('button', { name: /^Show the access code/ })).toBeVisible();

    const playing = row(/10:00/);
    expect(within(playing).getByText('Playing now')).toBeVisible();
    expect(within(playing).getByText('Open')).toBeVisible();
    expect(within(playing).getByRole('button', { name: 'Close 10:00 AM EDT' })).toBeVisible();
    expect(playing).toHaveTextContent('3 waiting');
    expect(row(/10:30/)).not.toHaveTextContent(/waiting|Playing now|Ended/);

    expect(screen.getByText('25 of 75 seats taken; 2 of 3 slots open; 1 ended.')).toBeVisible();
  });

  it('steps to the day before and after, by click and by keyboard, as the picker does', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: (body) =>
        body.after === undefined
          ? { body: dayOf('v1', [], typeof body.day === 'string' ? body.day : DAY) }
          : new Promise(() => {}),
    });
    renderApp(`/operator/schedule?day=${DAY}`);
    const picker = await screen.findByLabelText('Day');
    await waitFor(() => expect(picker).toHaveValue(DAY));
    const previous = screen.getByRole('button', { name: 'Previous day' });
    const next = screen.getByRole('button', { name: 'Next day' });

    await user.click(next);
    await waitFor(() => expect(picker).toHaveValue('2099-06-02'));
    await user.click(previous);
    await user.click(previous);
    // Across the month's end by the calendar.
    await waitFor(() => expect(picker).toHaveValue('2099-05-31'));

    // Beside the picker in the tab order, and pressed with the keyboard.
    await user.click(picker);
    await user.tab();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(picker).toHaveValue('2099-06-01'));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(previous).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(picker).toHaveValue('2099-05-31'));

    const asked = api.sent.filter((request) => request.path === DAY_PATH).map((r) => r.body);
    expect(asked.filter((body) => body.after === undefined)).toEqual([
      { day: DAY },
      { day: '2099-06-02' },
      { day: DAY },
      { day: '2099-05-31' },
      { day: DAY },
      { day: '2099-05-31' },
    ]);
  });

  it('says so when the day cannot be loaded', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [DAY_PATH]: () => ({ status: 503, body: { message: 'Down.', code: 'SERVICE_UNAVAILABLE' } }),
    });
    renderApp('/operator/schedule');
    await findRetryAlert('The day could not be loaded.');
    expect(screen.queryByText('No slots on this day.')).not.toBeInTheDocument();
  });
});
