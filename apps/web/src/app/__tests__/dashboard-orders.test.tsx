import type { OrdersListResponse, PublicOrder } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/dashboard');
}, 30_000);

const gamePackOrder: PublicOrder = {
  orderNumber: 'QF-GAMEPACK2',
  status: 'paid',
  amount: '$400.00',
  credits: 0,
  lines: [
    {
      sku: 'game-pack',
      quantity: 25,
      label: 'Game Pack x25',
      includes: ['25 Game Pass codes', '7 soundtracks'],
    },
  ],
  createdAt: '2026-06-02T09:30:00.000Z',
};

const creditOrder: PublicOrder = {
  orderNumber: 'QF-CREDITS16',
  status: 'failed',
  amount: '$17.99',
  credits: 16,
  lines: [{ sku: 'credits-16', quantity: 1, label: '16 Credits', includes: [] }],
  createdAt: '2026-06-01T12:00:00.000Z',
};

const ORDERS: OrdersListResponse = {
  orders: [gamePackOrder, creditOrder],
  gamePasses: [
    { code: 'GP7K-3M9X-2P4D', orderNumber: 'QF-GAMEPACK2', redeemed: false, redeemedAt: null },
    {
      code: 'GP2A-8QWE-5RTY',
      orderNumber: 'QF-GAMEPACK2',
      redeemed: true,
      redeemedAt: '2026-06-03T10:00:00.000Z',
    },
  ],
  ownsSoundtracks: true,
};

function signedIn(orders: () => { status?: number; body: unknown }) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    '/api/Users/CreditHistory': () => ({ body: { entries: [], nextCursor: null } }),
    '/api/Orders/List': orders,
  });
}

describe("/dashboard: 'My Game Passes' and 'My Orders'", () => {
  it('lists each Game Pass with its order and redeemed state, and each order, from one request', async () => {
    const api = signedIn(() => ({ body: ORDERS }));
    renderApp('/dashboard');

    const passes = await screen.findByRole('region', { name: 'My Game Passes' });
    const group = await within(passes).findByRole('region', {
      name: 'Game Pack order QF-GAMEPACK2',
    });
    expect(within(group).getByText('2 Game Passes')).toBeInTheDocument();
    const codes = within(group).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^GP7K-3M9X-2P4DNot redeemed yet$/),
      expect.stringMatching(/^GP2A-8QWE-5RTYRedeemed /),
    ]);
    expect(within(passes).getByRole('link', { name: 'Redeem a Game Pass' })).toHaveAttribute(
      'href',
      '/experience-card',
    );

    const orders = screen.getByRole('region', { name: 'My Orders' });
    const [first, second] = within(orders).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Order QF-GAMEPACK2' })).toBeInTheDocument();
    expect(first).toHaveTextContent('ItemsGame Pack x25With 25 Game Pass codes, 7 soundtracks');
    expect(first).toHaveTextContent('Amount$400.00');
    expect(first).toHaveTextContent('StatusPaid');
    expect(within(first!).getByText((_, node) => node?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2026-06-02T09:30:00.000Z',
    );
    expect(
      within(second!).getByRole('heading', { name: 'Order QF-CREDITS16' }),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent('Items16 Credits');
    expect(second).toHaveTextContent('Amount$17.99');
    expect(second).toHaveTextContent('StatusFailed');

    expect(api.sent.filter((call) => call.path === '/api/Orders/List')).toEqual([
      { path: '/api/Orders/List', body: {} },
    ]);
  });

  it('says so when there are no Game Passes and no orders yet', async () => {
    signedIn(() => ({ body: { orders: [], gamePasses: [], ownsSoundtracks: false } }));
    renderApp('/dashboard');

    const passes = await screen.findByRole('region', { name: 'My Game Passes' });
    expect(await within(passes).findByText(/No Game Passes yet/)).toBeInTheDocument();
    expect(within(passes).getByRole('link', { name: 'Get Game Packs' })).toHaveAttribute(
      'href',
      '/promo',
    );
    expect(
      within(screen.getByRole('region', { name: 'My Orders' })).getByText(/No orders yet/),
    ).toBeInTheDocument();
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(() =>
      fail ? { status: 400, body: { message: 'Nope', code: 'BAD_REQUEST' } } : { body: ORDERS },
    );
    renderApp('/dashboard');

    const orders = await screen.findByRole('region', { name: 'My Orders' });
    const alert = await within(orders).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your orders.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(orders).findByText('Order QF-GAMEPACK2')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'My Game Passes' })).queryByRole('alert'),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows neither to a visitor', async () => {
    mockApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign in to see your credits' });
    expect(screen.queryByRole('region', { name: 'My Game Passes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Orders' })).not.toBeInTheDocument();
  });
});
