import type { PartySeat, PartyView } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameAt, MINUTE, NOW, startFakeClock } from './games-test-utils';
import { headerCredits } from '@/testing/answers';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/dashboard');
  await import('@/features/games/components/cancel-seat-dialog');
}, 30_000);

beforeEach(() => {
  fakeBrowserTimeZone('America/Chicago');
  startFakeClock();
});
afterEach(() => vi.useRealTimers());

const START = new Date(NOW + 5 * 60 * MINUTE).toISOString();
const TOKEN = 'b3Blbi1zZWF0LW9mLWFkYXMtcGFydHk_0123456789-ab';
const OPEN_SEAT = '00000000-0000-4000-8000-000000000003';

const seat = (overrides: Partial<PartySeat>): PartySeat => ({
  seatId: '00000000-0000-4000-8000-000000000001',
  state: 'leader',
  username: 'ada',
  you: false,
  invite: null,
  ...overrides,
});

const leading = (open: boolean): PartyView => ({
  partyId: 'p-1',
  EventTime: START,
  EventLength: 30,
  leader: 'ada',
  leading: true,
  seats: [
    seat({ you: true }),
    seat({ seatId: '00000000-0000-4000-8000-000000000002', state: 'guest', username: 'bo' }),
    ...(open ? [seat({ seatId: OPEN_SEAT, state: 'open', username: null, invite: TOKEN })] : []),
  ],
});

function signedIn(parties: () => PartyView[], cancel?: () => MockAnswer) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 8 }] }),
    '/api/Orders/List': () => ({ body: { orders: [], gamePasses: [], ownsSoundtracks: false } }),
    '/api/Users/CreditHistory': () => ({ body: { entries: [], nextCursor: null } }),
    '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [gameAt(5 * 60 * MINUTE)] }),
    '/api/Parties/Mine': () => ({ body: { parties: parties() } }),
    ...(cancel ? { '/api/Events/CancelRegistration': cancel } : {}),
  });
}

/** NOW + 5 hours (23:00 UTC), as labels name it: the venue's clock, then the player's. */
const WHEN = 'Mon, Jun 1, 7:00 PM EDT (6:00 PM CDT your time)';

describe("/dashboard: 'Your parties' (ADR 0065)", () => {
  it("shows the leader each seat, an open seat's invite to copy and scan, and cancels it", async () => {
    const user = userEvent.setup();
    let open = true;
    const api = signedIn(
      () => [leading(open)],
      () => {
        open = false;
        return {
          body: {
            registrationId: OPEN_SEAT,
            EventTime: START,
            refunded: 2,
            credits: 10,
            repeated: false,
          },
        };
      },
    );
    renderApp('/dashboard');

    const panel = await screen.findByRole('region', { name: 'Your parties' });
    const seats = await within(panel).findByRole('list', { name: 'Seats' });
    expect(within(panel).getByText('You lead this party')).toBeInTheDocument();
    expect(
      within(seats)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Seat 1 Leader · ada (you)', 'Seat 2 Claimed by bo', 'Seat 3 Open']);
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent(
        'Mon, Jun 1, 7:00 PM EDT',
      ),
    );

    const link = within(panel).getByRole('textbox', { name: 'Invite link for guest seat 3' });
    expect(link).toHaveValue(`${window.location.origin}/invite#${TOKEN}`);
    expect(
      within(panel).getByRole('img', { name: 'QR code of the invite link for guest seat 3' }),
    ).toBeInTheDocument();
    await user.click(
      within(panel).getByRole('button', { name: 'Copy the invite link for guest seat 3' }),
    );
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite#${TOKEN}`);
    expect(within(panel).getByText('Copied')).toBeInTheDocument();
    // Only the open seat has an invite (the claimed one's is used up).
    expect(within(panel).getAllByRole('textbox')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: `Cancel guest seat 3 on ${WHEN}` }));
    const dialog = await findDialog('Cancel this guest seat?');
    expect(dialog).toHaveAccessibleDescription(
      `The open guest seat on ${WHEN} is given up: its invite link stops working, and the 2 credits it cost come back to your balance.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Seat' }));
    await waitForDialogToClose();

    expect(
      api.sent.filter((call) => call.path === '/api/Events/CancelRegistration').map((c) => c.body),
    ).toEqual([{ registrationId: OPEN_SEAT }]);
    await waitFor(() => expect(within(panel).queryByText('Seat 3')).toBeNull());
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(headerCredits()).toHaveTextContent('Credits 10');
    expect(
      screen.getByText(
        `The guest seat on ${WHEN} was cancelled: 2 credits came back, your balance is 10.`,
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('shows a guest the party and their own seat, without invites or cancelling', async () => {
    signedIn(() => [
      {
        ...leading(true),
        leading: false,
        seats: [
          seat({}),
          seat({
            seatId: '00000000-0000-4000-8000-000000000002',
            state: 'guest',
            username: 'ada',
            you: true,
          }),
          seat({ seatId: OPEN_SEAT, state: 'open', username: null }),
        ],
      },
    ]);
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: 'Your parties' });
    const seats = await within(panel).findByRole('list', { name: 'Seats' });
    expect(within(panel).getByText('Led by ada')).toBeInTheDocument();
    expect(
      within(seats)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Seat 1 Leader · ada', 'Seat 2 Claimed by ada (you)', 'Seat 3 Open']);
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('shows no section without a party', async () => {
    const api = signedIn(() => []);
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'My Sessions' });
    await waitFor(() =>
      expect(api.sent.some((call) => call.path === '/api/Parties/Mine')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Your parties' })).toBeNull();
  });
});
