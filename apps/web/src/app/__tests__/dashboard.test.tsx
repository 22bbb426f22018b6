import type { CreditPosting } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const posting = (id: number, delta: number, balanceAfter: number): CreditPosting => ({
  id: String(id),
  at: '2026-06-01T12:00:00.000Z',
  reason: delta > 0 ? 'purchase' : 'book',
  delta,
  balanceAfter,
});

describe('/dashboard', () => {
  it("shows the server's balance, pages the credit history and links to a session", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 14 }] }),
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
    expect(within(history).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.sent.filter((call) => call.path === '/api/Users/CreditHistory')).toEqual([
      { path: '/api/Users/CreditHistory', body: {} },
      { path: '/api/Users/CreditHistory', body: { cursor: '2' } },
    ]);
    expect(localStorage.getItem('credits')).toBe('14');
    expect(within(credits).getByRole('link', { name: 'Join a Session' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('says so when there is no credit activity yet', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
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

  it('asks visitors to sign in and still shows the leaderboard', async () => {
    const api = mockApi();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your credits' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your Credits' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('switches leaderboard tabs with the arrow keys, ten ranked rows each', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/dashboard');
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    const score = within(board).getByRole('tab', { name: 'Score' });
    expect(score).toHaveAttribute('aria-selected', 'true');
    expect(within(board).getAllByRole('row')).toHaveLength(11);

    await user.click(score);
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
});
