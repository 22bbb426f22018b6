import type { PartyView, WaitlistEntry } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerCredits, SLOTS } from './booking-test-utils';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { FakeEventSource } from '@/testing/fake-event-source';
import { mockApi, testConfig, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

const FULL = SLOTS[1]!;
const NOW = new Date(2026, 5, 1, 9, 0);

/** A party's place (ADR 0066): waiting at `place`, or offered its seats. */
const place = (seats: number, placeInLine: number | null): WaitlistEntry => ({
  EventTime: FULL.EventTime,
  event_id: FULL.event_id,
  when: 'Monday, June 1, 2026 at 3:30 PM',
  day: '2026-06-01',
  status: placeInLine === null ? 'offered' : 'waiting',
  seats,
  place: placeInLine,
  offerExpiresAt: placeInLine === null ? new Date(NOW.getTime() + 15 * 60_000).toISOString() : null,
});

const PARTY: PartyView = {
  partyId: 'party-1',
  EventTime: FULL.EventTime,
  EventLength: 30,
  leader: testUser.username,
  leading: true,
  seats: [
    { seatId: 'r-1', state: 'leader', username: testUser.username, you: true, invite: null },
    { seatId: 's-2', state: 'open', username: null, you: false, invite: 'A'.repeat(43) },
    { seatId: 's-3', state: 'open', username: null, you: false, invite: 'B'.repeat(43) },
  ],
};

beforeAll(async () => {
  await import('@/app/routes/landing');
  await import('@/features/bookings/components/booking-dialog');
  await import('@/features/bookings/components/waitlist-offer-banner');
}, 30_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signedIn(credits: number, entries: WaitlistEntry[], handlers: Record<string, Handler>) {
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
  return { state, sentTo };
}

async function openFullSlot(user: UserEvent) {
  await within(screen.getByRole('banner')).findByText('Credits');
  await user.click(await screen.findByRole('button', { name: /^Join/ }));
  const dialog = await findDialog('Book a session');
  const times = await within(dialog).findByRole('list', { name: /Available times/ });
  await user.click(within(times).getByRole('button', { name: /3:30 PM.*Full: waitlist/ }));
  return dialog;
}

describe('a party on a full session’s waitlist', () => {
  it('joins the line as one place for the seats chosen, within what the balance pays for', async () => {
    fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const { sentTo } = signedIn(7, [], {
      '/api/Waitlist/Join': () => ({ body: { entries: [place(3, 2)], holdMinutes: 10 } }),
    });
    renderApp('/');
    const dialog = await openFullSlot(user);
    await within(dialog).findByRole('heading', { name: 'This session is full' });
    const seats = within(dialog).getByRole('group', { name: 'Seats' });
    // 7 credits pay for 3 seats at 2 each: more are off, and the hint says why.
    expect(within(seats).getByRole('radio', { name: '4 seats, 8 credits' })).toBeDisabled();
    expect(seats).toHaveTextContent('a party needs 2 credits a seat in hand to join');
    await user.click(within(seats).getByRole('radio', { name: '3 seats, 6 credits' }));
    expect(dialog).toHaveTextContent('For your party of 3: its 3 seats are offered together');

    await user.click(within(dialog).getByRole('button', { name: 'Join the Waitlist' }));
    expect(await within(dialog).findByText('You are number 2 in line.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('For your party of 3');
    expect(sentTo('Waitlist/Join')).toEqual([
      { EventTime: FULL.EventTime, seats: 3, timeZone: 'America/New_York' },
    ]);
  });

  it('shows a party’s offer with its size, accepts it for every seat, and shows the invites', async () => {
    fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const { state, sentTo } = signedIn(10, [place(3, null)], {
      '/api/Waitlist/Accept': () => {
        state.entries = [];
        return {
          body: { EventTime: FULL.EventTime, registrationId: 'r-1', credits: 4, party: PARTY },
        };
      },
      '/api/Parties/Mine': () => ({ body: { parties: [PARTY] } }),
    });
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: '3 seats are free for your party' });
    await waitFor(() =>
      expect(region).toHaveTextContent(
        'Your turn on the waitlist came: 3 seats together on the session of Monday, June 1, 2026, 3:30 PM EDT are held for your party.',
      ),
    );
    // My Waitlist says the party's size too.
    expect(
      await screen.findByText('Party of 3 · 3 seats are held for your party', { exact: false }),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Accept (6 credits)' }));
    expect(
      await screen.findByText("Your party's seats are yours: send each friend their invite link."),
    ).toBeInTheDocument();
    expect(sentTo('Waitlist/Accept')).toEqual([{ EventTime: FULL.EventTime }]);
    const invites = screen.getByRole('region', { name: 'Invite your friends' });
    expect(within(invites).getByText('Guest seat 2')).toBeInTheDocument();
    expect(within(invites).getByLabelText('Invite link for guest seat 2')).toHaveValue(
      `${window.location.origin}/invite#${'A'.repeat(43)}`,
    );
    expect(within(invites).getByLabelText('Invite link for guest seat 3')).toHaveValue(
      `${window.location.origin}/invite#${'B'.repeat(43)}`,
    );
    await waitFor(() => expect(headerCredits()).toHaveTextContent('4'));
  });

  it('says a party’s offer needs every seat’s cost, and offers to buy credits instead', async () => {
    signedIn(5, [place(3, null)], {});
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: '3 seats are free for your party' });
    expect(region).toHaveTextContent('You have 5 credits: you need 6 to accept, 2 a seat.');
    expect(within(region).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(region).getByRole('link', { name: 'Buy Credits' })).toBeInTheDocument();
  });
});
