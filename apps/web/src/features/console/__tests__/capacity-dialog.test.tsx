import { API_ROUTES, type ConsoleSlot } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CapacityDialog } from '../components/capacity-dialog';
import { mockApi } from '@/testing/mock-api';
import { findDialog, renderWithRouter } from '@/testing/test-utils';

const CHANGE = API_ROUTES.consoleSlotChange.path;
const PREVIEW = API_ROUTES.consoleClosurePreview.path;
const DAY = '2099-06-01';
const SLOT: ConsoleSlot = {
  time: '10:00',
  startsAt: '2099-06-01T14:00:00.000Z',
  booked: 3,
  capacity: 3,
  open: true,
  started: false,
  ended: false,
  waiting: 0,
  players: [],
};
/** The seats over each capacity, latest booked first, as the server would name them. */
const OVER: Record<number, string[]> = { 1: ['cyd', 'bea'], 2: ['cyd'] };

function open() {
  const api = mockApi({
    [PREVIEW]: (body) => ({
      body: {
        seats: (OVER[body.capacity as number] ?? []).map((username) => ({
          id: `id-${username}`,
          username,
          time: '10:00',
        })),
        waiting: 0,
      },
    }),
    [CHANGE]: () => ({
      body: {
        slot: { time: '10:00', startsAt: SLOT.startsAt, booked: 1, capacity: 1, open: true },
        closure: { cancelled: 2, refunded: 4, released: 0 },
      },
    }),
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithRouter(
    <CapacityDialog slot={SLOT} day={DAY} start="10:00 AM" onClose={onClose} onSaved={onSaved} />,
  );
  return { api, onSaved, onClose };
}

describe('the capacity dialog below the seats taken', () => {
  it('names whom a cut would reach, and cuts only when asked, with a reason', async () => {
    const user = userEvent.setup();
    const { api, onSaved } = open();
    const dialog = await findDialog('Capacity of the 10:00 AM slot');
    const seats = within(dialog).getByLabelText('Seats');
    await user.clear(seats);
    await user.type(seats, '1');
    // A scrolling box the keyboard can reach, named for what it holds.
    const list = await within(dialog).findByRole('region', {
      name: 'Players who would lose their seat, latest booked first',
    });
    expect(list).toHaveAttribute('tabindex', '0');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['cyd', 'bea']),
    );

    // Not asked to cancel: refused here, as the server would.
    await user.click(within(dialog).getByRole('button', { name: 'Save Capacity' }));
    expect(await within(dialog).findByText(/At least 3: players hold/)).toBeVisible();
    expect(api.sent.filter((call) => call.path === CHANGE)).toEqual([]);

    // Asked: the reason is required, then the cut goes with it.
    await user.click(within(dialog).getByLabelText(/^Cancel these seats and refund them/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Capacity' }));
    expect(await within(dialog).findByText('Say why: the players are mailed it.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason'), 'Half the room is painted');
    await user.click(within(dialog).getByRole('button', { name: 'Save Capacity' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(1));
    expect(api.sent.filter((call) => call.path === CHANGE).map((call) => call.body)).toEqual([
      {
        command: 'slots set-capacity',
        date: DAY,
        time: '10:00',
        capacity: 1,
        cancelSeats: true,
        reason: 'Half the room is painted',
      },
    ]);
  });

  it('asks nothing more, and sends no choice, at or above the seats taken', async () => {
    const user = userEvent.setup();
    const { api, onSaved } = open();
    const dialog = await findDialog('Capacity of the 10:00 AM slot');
    const seats = within(dialog).getByLabelText('Seats');
    await user.clear(seats);
    await user.type(seats, '5');
    expect(within(dialog).queryByLabelText(/^Cancel these seats/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Capacity' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(5));
    expect(api.sent.filter((call) => call.path === CHANGE).map((call) => call.body)).toEqual([
      { command: 'slots set-capacity', date: DAY, time: '10:00', capacity: 5 },
    ]);
    expect(api.sent.filter((call) => call.path === PREVIEW)).toEqual([]);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
