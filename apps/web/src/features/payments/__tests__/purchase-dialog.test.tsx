import { MESSAGES } from '@questfield/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  checkoutsWithoutCsrf,
  declined,
  futureExpiryDigits,
  mockCheckout,
  paidAnswer,
  testConfig,
} from './payments-test-utils';
import { mockApi, testUser } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signedInWithConfig(credits = 0) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits }] }),
    '/api/config': () => ({ body: testConfig() }),
  });
}

async function openPurchase(user: UserEvent, credits = 16) {
  const banner = screen.getByRole('banner');
  // Signed in: the header shows the balance.
  await within(banner).findByText('Credits');
  const buy = await screen.findByRole('button', {
    name: new RegExp(`^Buy Now: ${credits} Credits`),
  });
  await user.click(buy);
  const dialog = await findDialog(`Purchase ${credits} Credits`);
  return { buy, dialog };
}

async function enterCard(user: UserEvent, dialog: HTMLElement, number = '4111111111111111') {
  const field = await within(dialog).findByLabelText('Card number');
  await user.clear(field);
  await user.type(field, number);
  const expiry = within(dialog).getByLabelText('Expiry date');
  await user.clear(expiry);
  await user.type(expiry, futureExpiryDigits());
  const cvv = within(dialog).getByLabelText('CVV');
  await user.clear(cvv);
  await user.type(cvv, '111');
  const postal = within(dialog).getByLabelText('Postal code');
  await user.clear(postal);
  await user.type(postal, '10001');
}

function headerCredits() {
  // While the dialog is open the page behind it is hidden from assistive technology.
  return within(screen.getByRole('banner', { hidden: true }))
    .getByText('Credits')
    .closest('span');
}

describe('the purchase dialog', () => {
  it('shows the pack and its total, pays, closes with the success text and updates the credits', async () => {
    const user = userEvent.setup();
    signedInWithConfig(0);
    const calls = mockCheckout(() => HttpResponse.json(paidAnswer(16, 16)));
    renderApp('/');

    const { buy, dialog } = await openPurchase(user);
    expect(within(dialog).getByText('Total: $17.99')).toBeInTheDocument();
    // Focus moves into the dialog, to the first card field once the form has loaded.
    const number = await within(dialog).findByLabelText('Card number');
    await waitFor(() => expect(number).toHaveFocus());

    await enterCard(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(MESSAGES.creditPackPaid(16))).toBeInTheDocument();
    await waitForDialogToClose();
    expect(headerCredits()).toHaveTextContent('Credits 16');
    expect(localStorage.getItem('credits')).toBe('16');
    expect(JSON.parse(localStorage.getItem('userdata') ?? '{}')).toMatchObject({ credits: 16 });
    expect(buy).toHaveFocus();
    // Only the token went to the server, under one UUID Idempotency-Key (and the CSRF header).
    expect(checkoutsWithoutCsrf).toEqual([]);
    expect(calls).toEqual([
      {
        key: expect.stringMatching(UUID),
        body: {
          items: [{ id: 'credits-16', qty: 1 }],
          total: '$17.99',
          paymentToken: 'cnon:card-nonce-ok',
          sku: 'credits-16',
          quantity: 1,
        },
      },
    ]);
  });

  it('titles each pack and prices it from the catalogue', async () => {
    const user = userEvent.setup();
    signedInWithConfig(3);
    renderApp('/');
    const { dialog } = await openPurchase(user, 64);
    expect(within(dialog).getByText('Total: $71.99')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForDialogToClose();
  });

  it("shows 'Payment failed. ' and the reason on a decline, then a new key; an unanswered try keeps its key", async () => {
    const user = userEvent.setup();
    signedInWithConfig(0);
    const answers = [
      declined,
      () => HttpResponse.error(),
      () => HttpResponse.json(paidAnswer(16, 16)),
    ];
    const calls = mockCheckout(() => answers[calls.length - 1]!());
    renderApp('/');

    const { dialog } = await openPurchase(user);
    await enterCard(user, dialog, '4000 0000 0000 0002');
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    await user.click(pay);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Payment failed. Your card was declined. Please use another card.',
    );
    expect(headerCredits()).toHaveTextContent('Credits 0');
    expect(calls[0]?.body.paymentToken).toBe('cnon:card-nonce-declined');

    // Another card: a new purchase (new key). No answer comes back.
    await enterCard(user, dialog);
    await user.click(pay);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Payment failed$/),
    );
    expect(within(dialog).getByText(/you will not be charged twice/)).toBeInTheDocument();
    expect(calls[1]?.key).toMatch(UUID);
    expect(calls[1]?.key).not.toBe(calls[0]?.key);

    // The retry is the same purchase: same key, same token.
    await user.click(pay);
    expect(await screen.findByText(MESSAGES.creditPackPaid(16))).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual(calls[1]);
    expect(headerCredits()).toHaveTextContent('Credits 16');
  });

  it('sends one request for a double click, with the form dimmed and disabled meanwhile', async () => {
    const user = userEvent.setup();
    signedInWithConfig(0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = mockCheckout(async () => {
      await held;
      return HttpResponse.json(paidAnswer(16, 16));
    });
    renderApp('/');

    const { dialog } = await openPurchase(user);
    await enterCard(user, dialog);
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    await user.dblClick(pay);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByLabelText('Card number')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape does not close it while the payment is processing.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    release();
    expect(await screen.findByText(MESSAGES.creditPackPaid(16))).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('guards Pay synchronously: two submits in the same task send one request', async () => {
    const user = userEvent.setup();
    signedInWithConfig(0);
    const calls = mockCheckout(() => HttpResponse.json(paidAnswer(16, 16)));
    renderApp('/');

    const { dialog } = await openPurchase(user);
    await enterCard(user, dialog);
    const form = within(dialog).getByRole('button', { name: 'Pay' }).closest('form')!;
    act(() => {
      // Before React re-renders (and disables Pay), a second submit arrives.
      fireEvent.submit(form);
      fireEvent.submit(form);
    });

    expect(await screen.findByText(MESSAGES.creditPackPaid(16))).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('closes on Cancel without a request and gives the focus back to Buy Now', async () => {
    const user = userEvent.setup();
    const api = signedInWithConfig(0);
    const calls = mockCheckout(() => HttpResponse.json(paidAnswer(16, 16)));
    renderApp('/');

    const { buy, dialog } = await openPurchase(user, 32);
    expect(within(dialog).getByText('Total: $35.99')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Card number')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitForDialogToClose();
    expect(buy).toHaveFocus();
    expect(calls).toEqual([]);
    expect(api.sent.map((call) => call.path)).not.toContain('/api/Square/Checkout');
  });

  it('does not send an invalid card, and says which field to fix', async () => {
    const user = userEvent.setup();
    signedInWithConfig(0);
    const calls = mockCheckout(() => HttpResponse.json(paidAnswer(16, 16)));
    renderApp('/');

    const { dialog } = await openPurchase(user);
    await within(dialog).findByLabelText('Card number');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    const number = within(dialog).getByLabelText('Card number');
    // Validation runs after the click's handler returns; focus follows it.
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAccessibleDescription('Please enter your card number.');
    expect(calls).toEqual([]);
  });
});
