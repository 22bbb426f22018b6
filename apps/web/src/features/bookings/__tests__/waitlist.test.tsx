import type { WaitlistEntry } from '@questfield/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerCredits, refusal, SLOTS } from './booking-test-utils';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { FakeEventSource } from '@/testing/fake-event-source';
import { mockApi, testConfig, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

const FULL = SLOTS[1]!;
const NOW = new Date(2026, 5, 1, 9, 0);
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const waiting = (place: number): WaitlistEntry => ({
  EventTime: FULL.EventTime,
  event_id: FULL.event_id,
  when: 'Monday, June 1, 2026 at 3:30 PM',
  day: '2026-06-01',
  status: 'waiting',
  seats: 1,
  place,
  offerExpiresAt: null,
});
const offer = (expiresInMinutes = 15): WaitlistEntry => ({
  ...waiting(1),
  status: 'offered',
  place: null,
  offerExpiresAt: inMinutes(expiresInMinutes),
});

beforeAll(async () => {
  await import('@/app/routes/landing');
  await import('@/features/bookings/components/booking-dialog');
  await import('@/features/bookings/components/waitlist-offer-banner');
}, 30_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signedIn(
  credits: number,
  entries: WaitlistEntry[],
  handlers: Record<string, Handler> = {},
) {
  const state = { entries, holdMinutes: 10 };
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits }] }),
    '/api/config': () => ({ body: testConfig() }),
    '/api/Events/GetAvailableEventTimes': () => ({ body: SLOTS }),
    '/api/Events/DayStatus': () => ({ body: { closed: null, slots: [] } }),
    '/api/Waitlist/Mine': () => ({ body: state }),
    ...handlers,
  });
  const sentTo = (path: string) =>
    api.sent.filter((call) => call.path === `/api/${path}`).map((call) => call.body);
  return { api, state, sentTo };
}

async function openFullSlot(user: UserEvent) {
  await within(screen.getByRole('banner')).findByText('Credits');
  await user.click(await screen.findByRole('button', { name: /^Join/ }));
  const dialog = await findDialog('Book a session');
  const times = await within(dialog).findByRole('list', { name: /Available times/ });
  await user.click(within(times).getByRole('button', { name: /3:30 PM.*Full: waitlist/ }));
  return dialog;
}

describe('the booking modal on a full session', () => {
  it('joins the waitlist, shows the place live as the day changes, and leaves it', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const { state, sentTo } = signedIn(10, [], {
      '/api/Waitlist/Join': () => ({ body: { entries: [waiting(2)], holdMinutes: 10 } }),
      '/api/Waitlist/Leave': () => ({ body: { entries: [], holdMinutes: 10 } }),
    });
    renderApp('/');
    const dialog = await openFullSlot(user);

    const heading = await within(dialog).findByRole('heading', { name: 'This session is full' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(dialog).toHaveTextContent('Session: Mon, Jun 1, 3:30 PM EDT');
    // The venue's hold, as the server says it, not "a few minutes".
    expect(dialog).toHaveTextContent(/Join the waitlist for free.*held for them for 10 minutes/);
    await user.click(within(dialog).getByRole('button', { name: 'Join the Waitlist' }));
    expect(await within(dialog).findByText('You are number 2 in line.')).toHaveAttribute(
      'role',
      'status',
    );
    // The browser's zone goes with the place, for the mails about it (ADR 0057).
    expect(sentTo('Waitlist/Join')).toEqual([
      { EventTime: FULL.EventTime, timeZone: 'America/New_York' },
    ]);

    // Someone ahead got a seat: the day's stream reports it, and the place is asked again.
    state.entries = [waiting(1)];
    const asked = sentTo('Waitlist/Mine').length;
    const stream = FakeEventSource.opened.at(-1)!;
    expect(stream.url).toBe('/api/Events/SeatStream?date=2026-06-01');
    act(() => stream.emit(SLOTS));
    expect(await within(dialog).findByText('You are number 1 in line.')).toBeInTheDocument();
    expect(sentTo('Waitlist/Mine').length).toBe(asked + 1);

    await user.click(within(dialog).getByRole('button', { name: 'Leave the Waitlist' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Join the Waitlist' }),
    ).toBeInTheDocument();
    expect(sentTo('Waitlist/Leave')).toEqual([{ EventTime: FULL.EventTime }]);
  });

  it("holds one stream in the tab, the banner's and the modal's, across the modal's views", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.opened = [];
    const user = userEvent.setup();
    const { sentTo } = signedIn(10, []);
    const openNow = () =>
      FakeEventSource.opened.filter((source) => source.readyState !== FakeEventSource.CLOSED);
    renderApp('/');
    await within(screen.getByRole('banner')).findByText('Credits');
    await waitFor(() =>
      expect(openNow().map((source) => source.url)).toEqual(['/api/Events/SeatStream']),
    );

    await user.click(await screen.findByRole('button', { name: /^Join/ }));
    const dialog = await findDialog('Book a session');
    const times = await within(dialog).findByRole('list', { name: /Available times/ });
    // The modal's day rides the tab's stream: the offers-only one gave way to it.
    await waitFor(() =>
      expect(openNow().map((source) => source.url)).toEqual([
        '/api/Events/SeatStream?date=2026-06-01',
      ]),
    );
    const dayStream = openNow()[0]!;
    const openedBefore = FakeEventSource.opened.length;
    await user.click(within(times).getByRole('button', { name: /3:30 PM.*Full: waitlist/ }));
    await within(dialog).findByRole('heading', { name: 'This session is full' });
    // The full game's view listens to the same day on the same stream: nothing reopened.
    expect(FakeEventSource.opened).toHaveLength(openedBefore);
    expect(openNow()).toEqual([dayStream]);

    // The offers still arrive on it.
    const asked = sentTo('Waitlist/Mine').length;
    act(() => dayStream.emit({ offered: true }));
    await waitFor(() => expect(sentTo('Waitlist/Mine').length).toBeGreaterThan(asked));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(openNow().map((source) => source.url)).toEqual(['/api/Events/SeatStream']),
    );
  });

  it('shows Not Enough Credits instead of joining when the player cannot pay for the game', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const user = userEvent.setup();
    const { sentTo } = signedIn(1, []);
    renderApp('/');
    const dialog = await openFullSlot(user);
    expect(
      await within(dialog).findByRole('heading', { name: 'Not Enough Credits' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('You need at least 2 credits to join the waitlist. You have 1.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Join the Waitlist' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Buy Credits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo('Waitlist/Join')).toEqual([]);
  });

  it('says why joining was refused, and offers to book a seat that is free again', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const user = userEvent.setup();
    signedIn(10, [], { '/api/Waitlist/Join': () => refusal('WAITLIST_CLOSED') });
    renderApp('/');
    const dialog = await openFullSlot(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Join the Waitlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The waitlist of a session closes 30 minutes before it starts.',
    );

    // A seat freed with nobody waiting: the stream shows it, and it can be booked.
    act(() => FakeEventSource.opened.at(-1)!.emit([SLOTS[0], { ...FULL, SpotsAvailable: 1 }]));
    expect(await within(dialog).findByText('A seat is free again on this session.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Book This Session' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Confirm Your Booking' }),
    ).toBeInTheDocument();
  });

  it('shows a seat held for the player with its hold, and accepts it there', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const user = userEvent.setup();
    const { state, sentTo } = signedIn(10, [offer()], {
      '/api/Waitlist/Accept': () => {
        state.entries = [];
        return { body: { EventTime: FULL.EventTime, registrationId: 'r-1', credits: 8 } };
      },
    });
    renderApp('/');
    const dialog = await openFullSlot(user);
    expect(
      await within(dialog).findByRole('heading', { name: 'A seat is free for you' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('timer', { name: /Held for/ })).toHaveTextContent('15:00');
    await user.click(within(dialog).getByRole('button', { name: 'Accept (2 credits)' }));
    expect(await within(dialog).findByText(/The seat is yours/)).toBeInTheDocument();
    expect(sentTo('Waitlist/Accept')).toEqual([{ EventTime: FULL.EventTime }]);
  });
});

describe('the offer banner', () => {
  it('shows an offer on any page as a region with the time left, and books it on Accept', async () => {
    fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const { state, sentTo } = signedIn(10, [offer(14)], {
      '/api/Waitlist/Accept': () => {
        state.entries = [];
        return { body: { EventTime: FULL.EventTime, registrationId: 'r-1', credits: 8 } };
      },
    });
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'A seat is free for you' });
    await waitFor(() =>
      expect(region).toHaveTextContent(
        'Your turn on the waitlist came: a seat on the session of Monday, June 1, 2026, 3:30 PM EDT is held for you.',
      ),
    );
    // Announced politely; the timer itself is not read out every second.
    expect(region.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    const timer = within(region).getByRole('timer', { name: 'Held for (minutes, seconds)' });
    expect(timer).toHaveTextContent('14:00');
    expect(timer).toHaveAttribute('aria-live', 'off');
    // Nothing took the focus.
    expect(document.body).toHaveFocus();

    const eventsAsked = sentTo('Events/CheckUserEventWithinTimespan').length;
    await user.click(within(region).getByRole('button', { name: 'Accept (2 credits)' }));
    expect(await screen.findByText('The seat is yours: find it in My Sessions.')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'My Sessions' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('region', { name: 'A seat is free for you' })).toBeNull();
    expect(sentTo('Waitlist/Accept')).toEqual([{ EventTime: FULL.EventTime }]);
    await waitFor(() => expect(headerCredits()).toHaveTextContent('8'));
    // My Sessions and the countdown ask for the player's games again.
    await waitFor(() =>
      expect(sentTo('Events/CheckUserEventWithinTimespan').length).toBeGreaterThan(eventsAsked),
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/The seat is yours/)).toBeNull();
  });

  it("takes the focus to the offer once when the player comes by the mail's link", async () => {
    const user = userEvent.setup();
    signedIn(10, [offer(14)]);
    renderApp('/dashboard#seat-offer');
    const region = await screen.findByRole('region', { name: 'A seat is free for you' });
    const heading = within(region).getByRole('heading', { name: 'A seat is free for you' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The next Tab reaches the offer's own buttons first.
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Accept (2 credits)' })).toHaveFocus();
  });

  it('says when credits are too few, links to buying them, and still declines', async () => {
    const user = userEvent.setup();
    const { state, sentTo } = signedIn(1, [offer()], {
      '/api/Waitlist/Decline': () => {
        state.entries = [];
        return { body: state };
      },
    });
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'A seat is free for you' });
    expect(region).toHaveTextContent(
      'You have 1 credits: you need 2 to accept. The seat stays held for you while you buy more.',
    );
    expect(within(region).queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(within(region).getByRole('link', { name: 'Buy Credits' })).toHaveAttribute(
      'href',
      '/#purchase-credits',
    );
    await user.click(within(region).getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByText('You declined the seat: it goes to the next player in line.'),
    ).toBeInTheDocument();
    expect(sentTo('Waitlist/Decline')).toEqual([{ EventTime: FULL.EventTime }]);
  });

  it("shows the server's refusal and keeps the offer", async () => {
    const user = userEvent.setup();
    signedIn(10, [offer()], { '/api/Waitlist/Accept': () => refusal('NOT_ENOUGH_CREDITS') });
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'A seat is free for you' });
    await user.click(within(region).getByRole('button', { name: 'Accept (2 credits)' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/Not Enough Credits/);
    expect(within(region).getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('finds a new offer by asking every 15 seconds, and shows nothing to a visitor', async () => {
    const { state, sentTo } = signedIn(10, []);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    renderApp('/dashboard');
    await waitFor(() => expect(sentTo('Waitlist/Mine')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'A seat is free for you' })).toBeNull();

    state.entries = [offer()];
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(
      await screen.findByRole('region', { name: 'A seat is free for you' }),
    ).toBeInTheDocument();
    expect(sentTo('Waitlist/Mine')).toHaveLength(2);
  });

  it("shows an offer at once when the player's offer stream says one was made", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      const { state, sentTo } = signedIn(10, []);
      // The poll's timers never run: only the stream can bring the offer.
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      vi.setSystemTime(NOW);
      renderApp('/dashboard');
      await waitFor(() => expect(sentTo('Waitlist/Mine')).toHaveLength(1));
      const stream = FakeEventSource.opened
        .filter((opened) => opened.url === '/api/Events/SeatStream')
        .at(-1);
      expect(stream?.readyState).toBe(1);

      state.entries = [offer()];
      // An event that is not the signal changes nothing.
      act(() => stream!.emit({ nonsense: true }));
      act(() => stream!.emit({ offered: true }));
      expect(
        await screen.findByRole('region', { name: 'A seat is free for you' }),
      ).toBeInTheDocument();
      expect(sentTo('Waitlist/Mine')).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('My Waitlist on the dashboard', () => {
  // The venue's clock (New York), and the player's (Chicago) beside it.
  const WHEN = 'Monday, June 1, 2026, 3:30 PM EDT (2:30 PM CDT your time)';

  it("lists the player's places with the place in line, and leaves one", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeBrowserTimeZone('America/Chicago');
    const user = userEvent.setup();
    const { state, sentTo } = signedIn(10, [waiting(3)], {
      '/api/Waitlist/Leave': () => {
        state.entries = [];
        return { body: state };
      },
    });
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'My Waitlist' });
    await waitFor(() =>
      expect(within(panel).getByRole('listitem')).toHaveTextContent(
        'Monday, June 1, 2026, 3:30 PM EDT · , 2:30 PM CDT your timeYou are number 3 in line.',
      ),
    );

    await user.click(within(panel).getByRole('button', { name: `Leave the waitlist for ${WHEN}` }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      `You left the waitlist for ${WHEN}.`,
    );
    expect(within(panel).getByRole('heading', { name: 'My Waitlist' })).toHaveFocus();
    expect(within(panel).queryByRole('listitem')).toBeNull();
    expect(sentTo('Waitlist/Leave')).toEqual([{ EventTime: FULL.EventTime }]);
  });

  it('says a held seat is answered in the banner, and shows a refusal', async () => {
    fakeBrowserTimeZone('America/Chicago');
    const user = userEvent.setup();
    signedIn(10, [offer(10)], {
      '/api/Waitlist/Leave': () => refusal('WAITLIST_CLOSED'),
    });
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'My Waitlist' });
    expect(panel).toHaveTextContent(
      'A seat is held for you: accept or decline it at the foot of the page.',
    );
    await user.click(within(panel).getByRole('button', { name: `Leave the waitlist for ${WHEN}` }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The waitlist of a session closes 30 minutes before it starts.',
    );
  });

  it('is not shown to a player who waits nowhere', async () => {
    const { sentTo } = signedIn(10, []);
    renderApp('/dashboard');
    await waitFor(() => expect(sentTo('Waitlist/Mine')).toHaveLength(1));
    await screen.findByRole('region', { name: 'My Sessions' });
    expect(screen.queryByRole('region', { name: 'My Waitlist' })).toBeNull();
  });
});
