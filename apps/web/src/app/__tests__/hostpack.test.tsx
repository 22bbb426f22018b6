import { MESSAGES } from '@questfield/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  futureExpiryDigits,
  mockCheckout,
  testConfig,
} from '@/features/payments/__tests__/payments-test-utils';
import { mockApi, testUser } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/hostpack');
  await import('@/features/packs/components/preorder-dialog');
  await import('@/features/payments/components/purchase-dialog');
  await import('@/features/payments/components/test-card-form');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

const T0 = new Date('2026-06-01T12:00:00.000Z').getTime();

afterEach(() => vi.useRealTimers());

async function openPreorder() {
  const user = userEvent.setup();
  const preorderNow = await screen.findByRole('button', { name: 'Pre-order now' });
  await user.click(preorderNow);
  const dialog = await findDialog('Pre-order your Host Pack');
  return { user, preorderNow, dialog };
}

describe('/hostpack', () => {
  it("shows the host pack video, degrading to the spec's error text", async () => {
    mockApi();
    renderApp('/hostpack');
    await screen.findByRole('heading', { level: 1, name: 'Host Pack' });
    const video = screen.getByLabelText('Host Pack video');
    expect(video).toHaveAttribute('poster', '/media/hostpack-poster.svg');
    expect(video).toHaveAttribute('preload', 'none');

    fireEvent.error(video);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.videoLoadError);
  });

  it("'Pre-order now' opens the pre-order dialog with one Host Pack card priced 350", async () => {
    mockApi();
    renderApp('/hostpack');
    const { user, preorderNow, dialog } = await openPreorder();

    const cards = within(dialog).getAllByRole('article');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByRole('heading', { name: 'Host Pack' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('$350.00')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button')).toHaveAccessibleName(
      'Pre-order: Host Pack for $350.00',
    );

    await user.keyboard('{Escape}');
    await waitForDialogToClose();
    expect(preorderNow).toHaveFocus();
  });

  it('the card opens the purchase dialog for the Host Pack and pays $350.00', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/config': () => ({ body: testConfig() }),
    });
    const calls = mockCheckout(() =>
      HttpResponse.json({
        message: MESSAGES.itemPaid,
        order: {
          orderNumber: 'QF-HOSTPACK1',
          status: 'paid',
          amount: '$350.00',
          credits: 0,
          lines: [{ sku: 'host-pack', quantity: 1, label: 'Host Pack pre-order', includes: [] }],
          createdAt: '2026-06-01T12:00:00.000Z',
        },
        credits: 0,
      }),
    );
    renderApp('/hostpack');
    await within(screen.getByRole('banner')).findByText('Credits');
    const { user, preorderNow, dialog } = await openPreorder();

    await user.click(within(dialog).getByRole('button', { name: /^Pre-order: Host Pack/ }));
    const purchase = await findDialog('Host Pack pre-order');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(within(purchase).getByText('Total: $350.00')).toBeInTheDocument();

    await user.type(await within(purchase).findByLabelText('Card number'), '4111111111111111');
    await user.type(within(purchase).getByLabelText('Expiry date'), futureExpiryDigits());
    await user.type(within(purchase).getByLabelText('CVV'), '111');
    await user.type(within(purchase).getByLabelText('Postal code'), '10001');
    await user.click(within(purchase).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(MESSAGES.itemPaid)).toBeInTheDocument();
    await waitForDialogToClose();
    await waitFor(() => expect(preorderNow).toHaveFocus());
    expect(calls.map((call) => call.body)).toEqual([
      {
        items: [{ id: 'host-pack', qty: 1 }],
        total: '$350.00',
        paymentToken: 'cnon:card-nonce-ok',
        sku: 'host-pack',
        quantity: 1,
      },
    ]);
  });

  it('keeps a visitor’s pre-order through sign-in and then opens the purchase', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    mockApi({
      '/api/Users/LoginByNameOrEmail': () => ({ body: [testUser] }),
      '/api/config': () => ({ body: testConfig() }),
    });
    renderApp('/hostpack');
    const { user, dialog } = await openPreorder();

    await user.click(within(dialog).getByRole('button', { name: /^Pre-order: Host Pack/ }));
    const signIn = await findDialog('Sign in');
    expect(JSON.parse(sessionStorage.getItem('pendingPreorder') ?? 'null')).toEqual({
      id: 'host-pack',
      title: 'Host Pack pre-order',
      price: 350,
      ts: T0,
    });

    vi.setSystemTime(T0 + 2 * 60_000);
    await user.type(within(signIn).getByLabelText('Email address'), 'ada');
    await user.type(within(signIn).getByLabelText('Password'), 'correct horse');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    const purchase = await findDialog('Host Pack pre-order');
    expect(within(purchase).getByText('Total: $350.00')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingPreorder')).toBeNull();
  });
});
