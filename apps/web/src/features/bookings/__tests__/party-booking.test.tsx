import type { PartyView } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookedAnswer, headerCredits, refusal, SLOTS } from './booking-test-utils';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testConfig, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

/** An invite as the server signs one: base64url, 43 characters. */
const token = (n: number) => `inv${n}_`.padEnd(43, 'x');

const party = (guests: number): PartyView => ({
  partyId: 'p-1',
  EventTime: SLOTS[0]!.EventTime,
  EventLength: 30,
  leader: 'ada',
  leading: true,
  seats: [
    { seatId: 's-0', state: 'leader', username: 'ada', you: true, invite: null },
    ...Array.from({ length: guests }, (_, index) => ({
      seatId: `s-${index + 1}`,
      state: 'open' as const,
      username: null,
      you: false,
      invite: token(index + 1),
    })),
  ],
});

beforeAll(async () => {
  await import('@/app/routes/landing');
  await import('@/features/bookings/components/booking-dialog');
}, 30_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 1, 9, 0));
});
afterEach(() => vi.useRealTimers());

function signedIn(credits: number, handlers: Record<string, Handler> = {}) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits }] }),
    '/api/config': () => ({ body: testConfig() }),
    '/api/Events/GetAvailableEventTimes': () => ({ body: SLOTS }),
    '/api/Events/DayStatus': () => ({ body: { closed: null, slots: [] } }),
    ...handlers,
  });
}

const registered = (api: ReturnType<typeof mockApi>) =>
  api.sent.filter((call) => call.path === '/api/Events/RegisterPixelEvent').map((c) => c.body);

async function confirmFirstSlot(user: UserEvent) {
  await within(screen.getByRole('banner')).findByText('Credits');
  await user.click(await screen.findByRole('button', { name: /^Join/ }));
  const dialog = await findDialog('Book a session');
  const times = await within(dialog).findByRole('list', { name: /Available times/ });
  await user.click(within(times).getAllByRole('button')[0]!);
  await within(dialog).findByRole('heading', { name: 'Confirm Your Booking' });
  return dialog;
}

describe('the booking modal: seats for a party (ADR 0065)', () => {
  it('books 4 seats, shows the total and the cost, then the invites with the focus on them', async () => {
    const timeZone = fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const api = signedIn(10, {
      '/api/Events/RegisterPixelEvent': () => ({ body: { ...bookedAnswer(2), party: party(3) } }),
    });
    renderApp('/');
    const dialog = await confirmFirstSlot(user);

    const seats = within(dialog).getByRole('group', { name: 'Seats' });
    expect(within(seats).getByRole('radio', { name: '1 seat, 2 credits' })).toBeChecked();
    expect(seats).toHaveAccessibleDescription(/1 seat · 2 credits/);
    // The keyboard moves through the choices: three arrows from 1 is 4.
    within(seats).getByRole('radio', { name: '1 seat, 2 credits' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(seats).getByRole('radio', { name: '4 seats, 8 credits' })).toBeChecked();
    expect(within(seats).getByText('4 seats · 8 credits')).toBeInTheDocument();
    // 10 credits pay for 5 seats: the sixth is off, and the hint says why.
    expect(within(seats).getByRole('radio', { name: '6 seats, 12 credits' })).toBeDisabled();
    expect(within(seats).getByRole('radio', { name: '5 seats, 10 credits' })).toBeEnabled();
    expect(seats).toHaveTextContent('Up to 5 seats here');
    const summary = within(dialog).getByText('Remaining').closest('dl')!;
    expect(summary).toHaveTextContent('Cost8');
    expect(summary).toHaveTextContent('Remaining2');

    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));
    const invites = await within(dialog).findByRole('heading', { name: 'Invite your friends' });
    await waitFor(() => expect(invites).toHaveFocus());
    expect(registered(api)).toEqual([
      { EventTime: '2026-06-01T19:00:00.000Z', timeZone, seats: 4 },
    ]);
    expect(within(dialog).getByText(/^Event registered at/)).toBeInTheDocument();
    for (const number of [2, 3, 4]) {
      const link = within(dialog).getByRole('textbox', {
        name: `Invite link for guest seat ${number}`,
      });
      expect(link).toHaveValue(`${window.location.origin}/invite#${token(number - 1)}`);
      expect(
        within(dialog).getByRole('img', {
          name: `QR code of the invite link for guest seat ${number}`,
        }),
      ).toBeInTheDocument();
    }
    // The leader's own seat has no invite.
    expect(within(dialog).queryByRole('textbox', { name: /guest seat 1$/ })).toBeNull();
    expect(headerCredits()).toHaveTextContent('Credits 2');
  });

  it('sends no seats for one seat, and shows no invites', async () => {
    const timeZone = fakeBrowserTimeZone('America/New_York');
    const user = userEvent.setup();
    const api = signedIn(10, {
      '/api/Events/RegisterPixelEvent': () => ({ body: bookedAnswer(8) }),
    });
    renderApp('/');
    const dialog = await confirmFirstSlot(user);
    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));
    await within(dialog).findByText(/^Event registered at/);
    expect(registered(api)).toEqual([{ EventTime: '2026-06-01T19:00:00.000Z', timeZone }]);
    expect(within(dialog).queryByRole('heading', { name: 'Invite your friends' })).toBeNull();
  });

  it("shows a refusal of the party in the server's words, and books nothing", async () => {
    const user = userEvent.setup();
    signedIn(10, {
      '/api/Events/RegisterPixelEvent': () => refusal('PARTY_SEATS_NOT_FREE'),
    });
    renderApp('/');
    const dialog = await confirmFirstSlot(user);
    await user.click(within(dialog).getByRole('radio', { name: '3 seats, 6 credits' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book Experience' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This session has fewer seats free than your party needs.',
    );
    expect(within(dialog).getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
    expect(headerCredits()).toHaveTextContent('Credits 10');
  });
});
