import type { CreditPosting } from '@questfield/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

/** The signed-in dashboard also lists orders and Game Passes (Orders/List). */
const noOrders = () => ({ body: { orders: [], gamePasses: [], ownsSoundtracks: false } });

const posting = (id: number, delta: number, balanceAfter: number): CreditPosting => ({
  id: String(id),
  at: '2026-06-01T12:00:00.000Z',
  reason: delta > 0 ? 'purchase' : 'book',
  delta,
  balanceAfter,
  orderNumber: delta > 0 ? 'QF-7K3M9X2P4D' : null,
});

describe('/dashboard', () => {
  it("shows the server's balance, pages the credit history and links to a session", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 14 }] }),
      '/api/Orders/List': noOrders,
      '/api/Users/CreditHistory': (body) =>
        body.cursor === undefined
          ? { body: { entries: [posting(2, -2, 14)], nextCursor: '2' } }
          : { body: { entries: [posting(1, 16, 16)], nextCursor: null } },
    });
    localStorage.setItem('credits', '999');
    renderApp('/dashboard');

    const credits = await screen.findByRole('region', { name: 'Your Credits' });
    await waitFor(() =>
      expect(within(credits).getByTestId('credit-balance')).toHaveTextContent('14'),
    );
    const history = screen.getByRole('region', { name: 'Credit history' });
    expect(await within(history).findByText('Session booked')).toBeInTheDocument();
    expect(within(history).getByText('−2')).toBeInTheDocument();
    expect(within(history).getByText('Balance 14')).toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: 'Load more' }));
    expect(await within(history).findByText('Credits purchased')).toBeInTheDocument();
    expect(within(history).getByText('+16')).toBeInTheDocument();
    expect(within(history).getByText(/Order QF-7K3M9X2P4D/)).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.sent.filter((call) => call.path === '/api/Users/CreditHistory')).toEqual([
      { path: '/api/Users/CreditHistory', body: {} },
      { path: '/api/Users/CreditHistory', body: { cursor: '2' } },
    ]);
    expect(localStorage.getItem('credits')).toBe('14');
    // A direct load asks Users/Me once: the page does not ask again on top of the layout.
    expect(api.sent.filter((call) => call.path === '/api/Users/Me')).toHaveLength(1);
    expect(within(credits).getByRole('link', { name: 'Join a Session' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('says so when there is no credit activity yet', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Orders/List': noOrders,
      '/api/Users/CreditHistory': () => ({ body: { entries: [], nextCursor: null } }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText(/No credit activity yet/)).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Orders/List': noOrders,
      '/api/Users/CreditHistory': () =>
        fail
          ? { status: 400, body: { message: 'Nope', code: 'BAD_REQUEST' } }
          : { body: { entries: [posting(1, 16, 16)], nextCursor: null } },
    });
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your credit history.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Credits purchased')).toBeInTheDocument();
  });

  it('asks Users/Me again when the dashboard opens, so the balance is fresh', async () => {
    let credits = 4;
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, credits }] }),
      '/api/Orders/List': noOrders,
      '/api/Users/CreditHistory': () => ({ body: { entries: [], nextCursor: null } }),
    });
    const { router } = renderApp('/store');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner).toHaveTextContent(/Credits\s*4/));

    // Ten seconds later (the answer is still within the app's staleTime), credits have changed.
    credits = 9;
    const later = Date.now() + 10_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await act(() => router.navigate('/dashboard'));

    const card = await screen.findByRole('region', { name: 'Your Credits' });
    await waitFor(() => expect(within(card).getByTestId('credit-balance')).toHaveTextContent('9'));
    expect(api.sent.filter((call) => call.path === '/api/Users/Me')).toHaveLength(2);
    expect(localStorage.getItem('credits')).toBe('9');
  });

  it('keeps the loaded entries and offers Load more again when an older page fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Orders/List': noOrders,
      '/api/Users/CreditHistory': (body) => {
        if (body.cursor === undefined) {
          return { body: { entries: [posting(2, -2, 14)], nextCursor: '2' } };
        }
        return fail
          ? { status: 400, body: { message: 'Nope', code: 'BAD_REQUEST' } }
          : { body: { entries: [posting(1, 16, 16)], nextCursor: null } };
      },
    });
    renderApp('/dashboard');
    const history = await screen.findByRole('region', { name: 'Credit history' });
    await user.click(await within(history).findByRole('button', { name: 'Load more' }));

    expect(await within(history).findByRole('alert')).toHaveTextContent(
      'We could not load older entries. Please try again.',
    );
    expect(within(history).getByText('Session booked')).toBeInTheDocument();

    fail = false;
    await user.click(within(history).getByRole('button', { name: 'Load more' }));
    expect(await within(history).findByText('Credits purchased')).toBeInTheDocument();
    expect(within(history).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a loading skeleton until the first page arrives', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Orders/List': noOrders,
      '/api/Users/CreditHistory': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/dashboard');
    const history = await screen.findByRole('region', { name: 'Credit history' });
    expect(within(history).getByRole('status', { name: 'Loading credit history…' })).toBeVisible();

    answer({ body: { entries: [posting(1, 16, 16)], nextCursor: null } });
    expect(await within(history).findByText('Credits purchased')).toBeInTheDocument();
    expect(within(history).queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks visitors to sign in and still shows the leaderboard', async () => {
    const api = mockApi();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your credits' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your Credits' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leaderboard' })).toBeInTheDocument();
    // Only the leaderboard is asked for: nothing of a player's.
    await waitFor(() =>
      expect(api.sent.map((call) => call.path)).toEqual(['/api/Games/Leaderboard']),
    );

    // The prompt opens the sign-in modal through the spec's openSignIn window event.
    const prompt = screen.getByRole('region', { name: 'Sign in to see your credits' });
    expect(within(prompt).getByRole('link', { name: 'Join a Session' })).toHaveAttribute(
      'href',
      '/',
    );
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Sign In' }));
    expect(await findDialog('Sign in')).toBeInTheDocument();
  });

  it('switches leaderboard tabs with the arrow keys, ten ranked rows each', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/dashboard');
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    const score = within(board).getByRole('tab', { name: 'Score' });
    expect(score).toHaveAttribute('aria-selected', 'true');
    expect(await within(board).findAllByRole('row')).toHaveLength(11);

    act(() => score.focus());
    await user.keyboard('{ArrowRight}');
    const time = within(board).getByRole('tab', { name: 'Time' });
    expect(time).toHaveFocus();
    expect(time).toHaveAttribute('aria-selected', 'true');
    expect(within(board).getByRole('columnheader', { name: 'Time' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(within(board).getByRole('tab', { name: 'Distance' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const rows = within(board).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
  });

  it('shows real results on a board that has them, the sample elsewhere, and your best', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 4 }] }),
      '/api/Games/Leaderboard': () => ({
        body: {
          score: [
            { rank: 1, name: 'ada', value: 1100 },
            { rank: 2, name: 'bob', value: 650 },
          ],
          time: [{ rank: 1, name: 'bob', value: 83_400 }],
          distance: [],
        },
      }),
      '/api/Games/MyBests': () => ({
        body: { score: { rank: 1, name: 'ada', value: 1100 }, time: null, distance: null },
      }),
    });
    renderApp('/dashboard');
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    await waitFor(() => expect(within(board).getAllByRole('row')).toHaveLength(3));
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(within(board).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['1', 'ada', '1,100'],
      ['2', 'bob', '650'],
    ]);
    expect(within(board).getByText('Your best: 1,100, rank 1')).toBeInTheDocument();

    await user.click(within(board).getByRole('tab', { name: 'Time' }));
    expect(within(board).getAllByRole('row').slice(1).map(cells)).toEqual([['1', 'bob', '01:23']]);
    expect(within(board).queryByText(/Your best/)).not.toBeInTheDocument();

    // No distance results yet: the spec's sample, ten rows, named as a sample.
    await user.click(within(board).getByRole('tab', { name: 'Distance' }));
    expect(within(board).getByRole('table', { name: /^Sample ranking/ })).toBeInTheDocument();
    expect(within(board).getAllByRole('row')).toHaveLength(11);
    expect(within(board).getByText('3,420 m')).toBeInTheDocument();
  });

  it('counts the runs of the period chosen, and says when a period has none', async () => {
    const user = userEvent.setup();
    const ada = { rank: 1, name: 'ada', value: 1100 };
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Games/Leaderboard': (body) => ({
        body: { score: body.period === 'day' ? [] : [ada], time: [], distance: [] },
      }),
      '/api/Games/MyBests': (body) => ({
        body: { score: body.period === 'day' ? null : ada, time: null, distance: null },
      }),
    });
    renderApp('/dashboard');
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    const periods = within(board).getByRole('radiogroup', { name: 'Runs counted' });
    expect(within(periods).getByRole('radio', { name: 'All time' })).toBeChecked();
    expect(await within(board).findByText('Your best: 1,100, rank 1')).toBeInTheDocument();

    await user.click(within(periods).getByRole('radio', { name: '24 hours' }));
    expect(await within(board).findByText('No runs in the last 24 hours yet.')).toBeInTheDocument();
    expect(within(board).queryByRole('table')).not.toBeInTheDocument();
    expect(within(board).queryByText(/Your best/)).not.toBeInTheDocument();
    const asked = (path: string) =>
      api.sent.filter((call) => call.path === path).map((call) => call.body.period);
    expect(asked('/api/Games/Leaderboard')).toEqual(['all', 'day']);
    expect(asked('/api/Games/MyBests')).toEqual(['all', 'day']);

    // Clicking the chosen period again keeps it (a single choice is never empty).
    await user.click(within(periods).getByRole('radio', { name: '24 hours' }));
    expect(within(periods).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await user.click(within(periods).getByRole('radio', { name: '7 days' }));
    expect(await within(board).findByRole('cell', { name: 'ada' })).toBeInTheDocument();
    expect(
      within(board).getByRole('table', { name: 'Top 10 players by score over the last 7 days' }),
    ).toBeInTheDocument();
  });
});
