import { MESSAGES } from '@questfield/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookedAnswer, deferred, headerCredits, refusal, slot, SLOTS } from './booking-test-utils';
import { USER_EVENTS_QUERY_KEY } from '@/lib/query-keys';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { FakeEventSource } from '@/testing/fake-event-source';
import { mockApi, testConfig, testUser, testVenue, type MockAnswer } from '@/testing/mock-api';
import { mswServer } from '@/testing/msw-server';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

const CONFIG = testConfig();

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/landing');
  await import('@/features/bookings/components/booking-dialog');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

// The page's 'today' is 1 June 2026 (only Date is faked: timers and promises run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 1, 9, 0));
});
afterEach(() => vi.useRealTimers());

function signedIn(
  credits: number,
  handlers: Record<string, Handler> = {},
  config: Partial<typeof CONFIG> = {},
) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits }] }),
    '/api/config': () => ({ body: { ...CONFIG, ...config } }),
    '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [] }),
    '/api/Events/GetAvailableEventTimes': () => ({ body: SLOTS }),
    '/api/Events/DayStatus': () => ({ body: { closed: null, slots: [] } }),
    ...handlers,
  });
}

function sentTo(api: ReturnType<typeof mockApi>, path: string) {
  return api.sent.filter((call) => call.path === `/api/${path}`).map((call) => call.body);
}

async function openModal(user: UserEvent) {
  await within(screen.getByRole('banner')).findByText('Credits');
  const join = await screen.findByRole('button', { name: /^Join/ });
  await user.click(join);
  const dialog = await findDialog('Book a session');
  const date = within(dialog).getByLabelText('Date');
  return { join, dialog, date };
}

async function chooseFirstSlot(user: UserEvent, dialog: HTMLElement) {
  const times = await within(dialog).findByRole('list', { name: /Available times/ });
  await user.click(within(times).getAllByRole('button')[0]!);
}

describe('the booking section on /', () => {
  it('shows the item cards: Multiplayer with Join, Game Pack with Learn More to /promo', async () => {
    const api = mockApi();
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Experiences' });
    const [multiplayer, gamePack] = within(list).getAllByRole('listitem');

    expect(within(multiplayer!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Multiplayer',
    );
    expect(within(multiplayer!).getByText('2 credits')).toBeInTheDocument();
    expect(within(multiplayer!).getByText(/Book a seat in a live 30-minute quest/)).toHaveClass(
      'line-clamp-3',
    );
    expect(within(multiplayer!).getByRole('button', { name: /^Join/ })).toHaveTextContent(/^Join$/);
    // The art is decorative: nothing of it is read.
    expect(multiplayer!.firstElementChild).toHaveAttribute('aria-hidden', 'true');

    expect(within(gamePack!).getByRole('heading', { level: 3 })).toHaveTextContent('Game Pack');
    expect(within(gamePack!).getByText('$50.00')).toBeInTheDocument();
    expect(within(gamePack!).getByText(/Game Passes to share/)).toHaveClass('line-clamp-3');
    expect(within(gamePack!).queryByRole('button')).not.toBeInTheDocument();
    const learnMore = within(gamePack!).getByRole('link', { name: /^Learn More/ });
    expect(learnMore).toHaveAttribute('href', '/promo');
    expect(learnMore).toHaveTextContent(/^Learn More$/);
    // Nothing of the booking is asked before the modal opens.
    expect(api.sent).toEqual([]);
  });

  it("opens sign-in for a visitor's Join, then the modal once signed in", async () => {
    const user = userEvent.setup();
    const api = mockApi();
    renderApp('/');
    const join = await screen.findByRole('button', { name: /^Join/ });
    await user.click(join);
    const signIn = await findDialog('Sign in');
    expect(screen.queryByRole('dialog', { name: 'Book a session' })).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);

    api.table['/api/Users/LoginByNameOrEmail'] = () => ({ body: [{ ...testUser, credits: 10 }] });
    api.table['/api/config'] = () => ({ body: CONFIG });
    api.table['/api/Events/CheckUserEventWithinTimespan'] = () => ({ body: [] });
    api.table['/api/Events/GetAvailableEventTimes'] = () => ({ body: SLOTS });
    await user.type(within(signIn).getByLabelText('Email address'), 'ada');
    await user.type(within(signIn).getByLabelText('Password'), 'correct horse');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    const dialog = await findDialog('Book a session');
    expect(await within(dialog).findByRole('button', { name: /3:00 PM/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitForDialogToClose();
    expect(join).toHaveFocus();
  });

  it("opens from the dashboard's 'Book a session' link, once, focus then on Join", async () => {
    const user = userEvent.setup();
    signedIn(10);
    const { router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Book a session' }));

    const dialog = await findDialog('Book a session');
    expect(await within(dialog).findByRole('button', { name: /3:00 PM/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitForDialogToClose();
    expect(screen.getByRole('button', { name: /^Join/ })).toHaveFocus();
    // The hash is spent, so coming back to the page does not open the modal again.
    expect(router.state.location.hash).toBe('');
  });

  it('does not open the modal after sign-in when Join was pressed over 5 minutes before', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Join/ }));
    const signIn = await findDialog('Sign in');
    vi.setSystemTime(new Date(2026, 5, 1, 9, 5));

    api.table['/api/Users/LoginByNameOrEmail'] = () => ({ body: [{ ...testUser, credits: 10 }] });
    api.table['/api/Events/CheckUserEventWithinTimespan'] = () => ({ body: [] });
    await user.type(within(signIn).getByLabelText('Email address'), 'ada');
    await user.type(within(signIn).getByLabelText('Password'), 'correct horse');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    await waitForDialogToClose();
    await within(screen.getByRole('banner')).findByText('Credits');
    expect(screen.queryByRole('dialog', { name: 'Book a session' })).not.toBeInTheDocument();
  });
});

describe('the booking modal: date and time slots', () => {
  it("opens on today's date with the focus in the field and lists the day's slots", async () => {
    // The player is at the venue (New York): its clock alone, its zone named.
    fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const api = signedIn(10);
    renderApp('/');
    const { dialog, date } = await openModal(user);

    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveValue('06/01/2026');
    expect(date).toHaveAccessibleDescription(/MM\/DD\/YYYY/);
    const times = await within(dialog).findByRole('list', {
      name: 'Available times (venue time)',
    });
    const buttons = within(times).getAllByRole('button');
    await waitFor(() =>
      expect(buttons.map((button) => button.textContent)).toEqual([
        '3:00 PM EDT venue time, 12/25 left',
        '3:30 PM EDT venue time, Full: waitlist',
        '4:00 PM EDT venue time, 25/25 left',
      ]),
    );
    expect(buttons[0]).toBeEnabled();
    // A full slot says so, and leads to its waitlist.
    expect(buttons[1]).toBeEnabled();
    expect(buttons[1]).toHaveAccessibleName(/3:30 PM.*Full: waitlist/);
    expect(sentTo(api, 'Events/GetAvailableEventTimes')).toEqual([{ date: '2026-06-01' }]);
  });

  it("updates the seats left live from the day's seat stream, and asks again once it gives up", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      const user = userEvent.setup();
      const api = signedIn(10);
      renderApp('/');
      const { dialog } = await openModal(user);
      const times = await within(dialog).findByRole('list', { name: /Available times/ });
      const stream = FakeEventSource.opened.at(-1)!;
      expect(stream.url).toBe('/api/Events/SeatStream?date=2026-06-01');

      act(() => stream.emit([{ ...SLOTS[0]!, SpotsAvailable: 11 }, SLOTS[1], SLOTS[2]]));
      await waitFor(() =>
        expect(within(times).getAllByRole('button')[0]).toHaveTextContent('11/25 left'),
      );
      // An event that is not the day's slots changes nothing.
      act(() => stream.emit({ nonsense: true }));
      expect(within(times).getAllByRole('button')[0]).toHaveTextContent('11/25 left');
      expect(sentTo(api, 'Events/GetAvailableEventTimes')).toHaveLength(1);

      // Refused (signed out, too many open): the list is asked for again instead.
      vi.useFakeTimers({
        toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      });
      act(() => {
        stream.readyState = FakeEventSource.CLOSED;
        stream.onerror?.();
      });
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      await vi.waitFor(() =>
        expect(sentTo(api, 'Events/GetAvailableEventTimes').length).toBeGreaterThan(1),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    // Kiritimati (UTC+14) is a day ahead of every browser at 11:00 UTC on June 1…
    ['Pacific/Kiritimati', '2026-06-01T11:00:00Z', '06/02/2026', '2026-06-02', /June 1st/],
    // …and Pago Pago (UTC−11) a day behind them at 09:00 UTC.
    ['Pacific/Pago_Pago', '2026-06-01T09:00:00Z', '05/31/2026', '2026-05-31', /May 30th/],
  ])(
    "opens on the venue's today (%s), not the browser's, and offers no day before it",
    async (timeZone, now, shown, asked, dayBefore) => {
      vi.setSystemTime(new Date(now));
      const user = userEvent.setup();
      const api = signedIn(10, { '/api/Venue': () => ({ body: testVenue({ timeZone }) }) });
      renderApp('/');
      const { dialog, date } = await openModal(user);

      await waitFor(() => expect(date).toHaveValue(shown));
      await within(dialog).findByRole('list', { name: /Available times/ });
      expect(sentTo(api, 'Events/GetAvailableEventTimes')).toEqual([{ date: asked }]);
      await user.click(date);
      const before = await within(dialog).findByRole('gridcell', { name: dayBefore });
      expect(before).toHaveAttribute('aria-disabled', 'true');
    },
  );

  it('offers no day before today in the calendar', async () => {
    const user = userEvent.setup();
    signedIn(10);
    renderApp('/');
    const { dialog, date } = await openModal(user);
    await user.click(date);
    const yesterday = await within(dialog).findByRole('gridcell', { name: /May 31st, 2026/ });
    expect(yesterday).toHaveAccessibleName('Not available Sunday, May 31st, 2026');
    expect(yesterday).toHaveAttribute('aria-disabled', 'true');
    const tomorrow = within(dialog).getByRole('gridcell', { name: /June 2nd, 2026/ });
    expect(tomorrow).toHaveAttribute('aria-disabled', 'false');

    await user.click(tomorrow);
    expect(date).toHaveValue('06/02/2026');
    // Escape closes the calendar first, then the modal.
    await user.click(date);
    await within(dialog).findByRole('gridcell', { name: /June 2nd, 2026/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(dialog).queryByRole('gridcell')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Book a session' })).toBeInTheDocument();
  });

  it("says 'Date input not valid.' for a typed date that is none, and refuses days past", async () => {
    const user = userEvent.setup();
    const api = signedIn(10);
    renderApp('/');
    const { dialog, date } = await openModal(user);
    await within(dialog).findByRole('list', { name: /Available times/ });

    await user.clear(date);
    await user.type(date, '13/45/2026');
    await user.tab();
    const alert = await within(dialog).findByText('Date input not valid.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(/Date input not valid\./);
    expect(within(dialog).queryByRole('list', { name: /Available times/ })).not.toBeInTheDocument();

    // Typed where the focus is (a click would toggle the calendar the typing opened).
    await user.clear(date);
    await user.type(date, '05/31/2026{Enter}', { skipClick: true });
    expect(await within(dialog).findByText('The date cannot be before today.')).toHaveAttribute(
      'role',
      'alert',
    );

    await user.clear(date);
    expect(date).toHaveFocus();
    await user.type(date, '06/03/2026', { skipClick: true });
    expect(date).toHaveValue('06/03/2026');
    await waitFor(() =>
      expect(within(dialog).queryByText(/Date input not valid|before today/)).toBeNull(),
    );
    await within(dialog).findByRole('list', { name: /Available times/ });
    expect(sentTo(api, 'Events/GetAvailableEventTimes')).toEqual([
      { date: '2026-06-01' },
      { date: '2026-06-03' },
    ]);
  });

  it("leaves an empty field alone until the venue's today is known, then shows it", async () => {
    // The focus may leave the field before GET /api/Venue answers (a dialog closing behind the
    // modal gives it back to its opener): nothing was typed, so nothing is wrong yet.
    const user = userEvent.setup();
    const venue = deferred<MockAnswer>();
    signedIn(10, { '/api/Venue': () => venue.promise });
    renderApp('/');
    const { dialog, date } = await openModal(user);
    expect(date).toHaveValue('');
    await user.tab();
    expect(date).not.toHaveFocus();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(date).not.toHaveAttribute('aria-invalid');

    venue.resolve({ body: testVenue() });
    await waitFor(() => expect(date).toHaveValue('06/01/2026'));
    await within(dialog).findByRole('list', { name: /Available times/ });
  });

  it('says so when the day has no slot left', async () => {
    const user = userEvent.setup();
    const api = signedIn(10, { '/api/Events/GetAvailableEventTimes': () => ({ body: [] }) });
    renderApp('/');
    const { dialog } = await openModal(user);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'No time slots are left on this day. Please choose another date.',
    );
    expect(within(dialog).queryByRole('button', { name: /PM/ })).not.toBeInTheDocument();
    expect(sentTo(api, 'Events/DayStatus')).toHaveLength(1);
  });

  it("says 'Closed: <reason>' for a day an operator blocked, the reason as text", async () => {
    const user = userEvent.setup();
    const reason = 'Private <b>party</b> & "friends"';
    const asked: (string | null)[] = [];
    const api = signedIn(10, {
      '/api/Events/GetAvailableEventTimes': () => ({ body: [] }),
      '/api/Events/DayStatus': () => ({ body: { closed: reason, slots: [] } }),
    });
    mswServer.use(
      http.get('/api/Events/DayStatus', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('date'));
        return undefined;
      }),
    );
    renderApp('/');
    const { dialog } = await openModal(user);
    const status = await within(dialog).findByText(/^Closed: /);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(`Closed: ${reason}`, { normalizeWhitespace: false });
    expect(status.querySelector('b')).toBeNull();
    expect(within(dialog).queryByText(/No time slots are left/)).not.toBeInTheDocument();
    expect(asked).toEqual(['2026-06-01']);
    expect(sentTo(api, 'Events/DayStatus')).toHaveLength(1);
  });

  it("keeps the spec's message when the day's closure cannot be asked", async () => {
    const user = userEvent.setup();
    signedIn(10, {
      '/api/Events/GetAvailableEventTimes': () => ({ body: [] }),
      '/api/Events/DayStatus': () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }),
    });
    renderApp('/');
    const { dialog } = await openModal(user);
    expect(
      await within(dialog).findByText(
        'No time slots are left on this day. Please choose another date.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it("lists a slot closed with a reason in its place as 'Closed: <reason>', not a button", async () => {
    const user = userEvent.setup();
    const reason = 'Private <b>party</b> & "friends"';
    // Between the first and second slots of SLOTS.
    const closedAt = new Date(Date.parse(SLOTS[0]!.EventTime) + 15 * 60_000).toISOString();
    const closed = { EventTime: closedAt, event_id: 'Old Mill District|3:15 PM', reason };
    const api = signedIn(10, {
      '/api/Events/DayStatus': () => ({ body: { closed: null, slots: [closed] } }),
    });
    renderApp('/');
    const { dialog } = await openModal(user);
    const times = await within(dialog).findByRole('list', { name: /Available times/ });
    const item = await within(times).findByText(`Closed: ${reason}`);
    const entry = item.closest('li')!;
    expect(entry).toHaveTextContent('3:15 PM');
    expect(within(entry).queryByRole('button')).toBeNull();
    expect(entry.querySelector('b')).toBeNull();
    // In its place: after the first slot, before the second.
    const entries = within(times).getAllByRole('listitem');
    expect(entries.indexOf(entry)).toBe(1);
    expect(within(times).getAllByRole('button')).toHaveLength(SLOTS.length);
    expect(sentTo(api, 'Events/DayStatus')).toHaveLength(1);
  });

  it('lists only the closed slots of a day whose open ones are gone', async () => {
    const user = userEvent.setup();
    const closed = { ...SLOTS[0]!, reason: 'Staff training' };
    signedIn(10, {
      '/api/Events/GetAvailableEventTimes': () => ({ body: [] }),
      '/api/Events/DayStatus': () => ({ body: { closed: null, slots: [closed] } }),
    });
    renderApp('/');
    const { dialog } = await openModal(user);
    const times = await within(dialog).findByRole('list', { name: /Available times/ });
    expect(within(times).getByRole('listitem')).toHaveTextContent('Closed: Staff training');
    expect(within(dialog).queryByText(/No time slots are left/)).not.toBeInTheDocument();
  });

  it('hides the slots behind the banner while multiplayer is disabled', async () => {
    const user = userEvent.setup();
    const api = signedIn(10, {}, { multiplayerEnabled: false });
    renderApp('/');
    const { dialog } = await openModal(user);
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        /^Multiplayer is temporarily disabled\. Check back later for updates\.$/,
      ),
    );
    expect(MESSAGES.multiplayerDisabled).toBe(
      'Multiplayer is temporarily disabled. Check back later for updates.',
    );
    expect(within(dialog).queryByRole('list', { name: /Available times/ })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date')).toBeInTheDocument();
    expect(sentTo(api, 'Events/GetAvailableEventTimes')).toEqual([]);
  });
});

describe('the booking modal: confirm and book', () => {
  it('confirms with the credits, the cost and what remains; Change Selection goes back', async () => {
    fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const api = signedIn(10);
    renderApp('/');
    const { dialog } = await openModal(user);
    await chooseFirstSlot(user, dialog);

    const heading = within(dialog).getByRole('heading', { name: 'Confirm Your Booking' });
    await waitFor(() => expect(heading).toHaveFocus());
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Session: 'Mon, Jun 1, 3:00 PM EDT',
      'Current credits': '10',
      Cost: '2',
      Remaining: '8',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Change Selection' }));
    const first = await within(dialog).findByRole('button', { name: /3:00 PM/ });
    await waitFor(() => expect(first).toHaveFocus());
    expect(within(dialog).queryByRole('heading', { name: 'Confirm Your Booking' })).toBeNull();
    expect(sentTo(api, 'Events/RegisterPixelEvent')).toEqual([]);
  });

  it("shows 'Not Enough Credits' below 2 credits; Buy Credits closes and shows the packs", async () => {
    const user = userEvent.setup();
    const api = signedIn(1);
    renderApp('/');
    const { dialog } = await openModal(user);
    await chooseFirstSlot(user, dialog);

    const heading = within(dialog).getByRole('heading', { name: 'Not Enough Credits' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(dialog).toHaveTextContent('You need at least 2 credits to book a session. You have 1.');
    expect(within(dialog).queryByRole('button', { name: 'Book Experience' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Buy Credits' }));
    await waitForDialogToClose();
    const purchase = screen.getByRole('heading', { level: 2, name: 'Purchase Credits' });
    await waitFor(() => expect(purchase).toHaveFocus());
    expect(purchase.closest('section')).toHaveAttribute('id', 'purchase-credits');
    expect(purchase.closest('section')!.scrollIntoView).toHaveBeenCalled();
    expect(sentTo(api, 'Events/RegisterPixelEvent')).toEqual([]);
  });

  it('books with one request however often it is pressed, then shows the access code', async () => {
    const timeZone = fakeBrowserTimeZone('Pacific/Chatham');
    const user = userEvent.setup();
    const answer = deferred<MockAnswer>();
    const api = signedIn(10, { '/api/Events/RegisterPixelEvent': () => answer.promise });
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    renderApp('/');
    const { join, dialog } = await openModal(user);
    expect(headerCredits()).toHaveTextContent('Credits 10');
    await chooseFirstSlot(user, dialog);

    const book = within(dialog).getByRole('button', { name: 'Book Experience' });
    await user.dblClick(book);
    await waitFor(() => expect(book).toBeDisabled());
    expect(book).toHaveAttribute('aria-busy', 'true');
    await user.click(book);
    // While it is on its way the modal stays open.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await act(async () => answer.resolve({ body: bookedAnswer(8) }));
    const status = await within(dialog).findByText(/^Event registered at/);
    // The venue's clock with its zone, and the player's own (a day ahead in the Chathams).
    expect(status).toHaveTextContent(
      'Event registered at Mon, Jun 1, 3:00 PM EDT (Tue, Jun 2, 7:45 AM GMT+12:45 your time)',
    );
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(within(dialog).getByText('K7QM-4XPD')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Friends join this game with the access code on the Game page (/game).',
    );
    expect(within(dialog).getByRole('link', { name: 'the Game page' })).toHaveAttribute(
      'href',
      '/game',
    );

    expect(sentTo(api, 'Events/RegisterPixelEvent')).toEqual([
      { EventTime: '2026-06-01T19:00:00.000Z', timeZone },
    ]);
    expect(headerCredits()).toHaveTextContent('Credits 8');
    expect(localStorage.getItem('credits')).toBe('8');
    expect(JSON.parse(localStorage.getItem('gamedata') ?? 'null')).toEqual(
      bookedAnswer(8).gamedata,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: USER_EVENTS_QUERY_KEY });

    await user.click(within(dialog).getByRole('button', { name: 'Copy the access code' }));
    expect(await within(dialog).findByText('Copied')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('K7QM-4XPD');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitForDialogToClose();
    expect(join).toHaveFocus();
  });

  it.each([
    ['SLOT_FULL', 'This session is full. Please choose another time.'],
    ['SLOT_CLOSED', 'This session can no longer be booked.'],
    ['NOT_ENOUGH_CREDITS', 'Not Enough Credits: you need at least 2 credits to book a session.'],
    ['MULTIPLAYER_DISABLED', 'Multiplayer is temporarily disabled. Check back later for updates.'],
  ] as const)("shows the server's message for %s", async (code, text) => {
    const user = userEvent.setup();
    signedIn(10, { '/api/Events/RegisterPixelEvent': () => refusal(code) });
    renderApp('/');
    const { dialog } = await openModal(user);
    await chooseFirstSlot(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).getByRole('button', { name: 'Book Experience' })).toBeEnabled();
    expect(headerCredits()).toHaveTextContent('Credits 10');
    expect(localStorage.getItem('gamedata')).toBeNull();
  });

  it("says 'Register failed' when no answer comes back", async () => {
    const user = userEvent.setup();
    signedIn(10, { '/api/Events/RegisterPixelEvent': () => HttpResponse.error() });
    renderApp('/');
    const { dialog } = await openModal(user);
    await chooseFirstSlot(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Register failed$/);
  });

  it('lists a day of a later slot list too (a second slot)', async () => {
    const timeZone = fakeBrowserTimeZone('Asia/Kathmandu');
    const user = userEvent.setup();
    const api = signedIn(10, {
      '/api/Events/GetAvailableEventTimes': () => ({ body: [slot('20:00', '4:00 PM', 3)] }),
      '/api/Events/RegisterPixelEvent': () => ({
        body: bookedAnswer(8, '2026-06-01T20:00:00.000Z'),
      }),
    });
    renderApp('/');
    const { dialog } = await openModal(user);
    await user.click(await within(dialog).findByRole('button', { name: /4:00 PM.*3\/25 left/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));
    expect(await within(dialog).findByText(/^Event registered at/)).toHaveTextContent(
      'Mon, Jun 1, 4:00 PM EDT (Tue, Jun 2, 1:45 AM GMT+5:45 your time)',
    );
    expect(sentTo(api, 'Events/RegisterPixelEvent')).toEqual([
      { EventTime: '2026-06-01T20:00:00.000Z', timeZone },
    ]);
  });
});
