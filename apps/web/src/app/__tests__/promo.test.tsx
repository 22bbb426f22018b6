import { MESSAGES, PURCHASE_INTENT_WINDOW_MS } from '@questfield/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
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
  await import('@/app/routes/promo');
  await import('@/features/payments/components/purchase-dialog');
  await import('@/features/payments/components/test-card-form');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

const T0 = new Date('2026-06-01T12:00:00.000Z').getTime();

function signedIn() {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    '/api/config': () => ({ body: testConfig() }),
  });
}

/** A visitor who can sign in as `testUser`. */
function visitor() {
  return mockApi({
    '/api/Users/LoginByNameOrEmail': () => ({ body: [testUser] }),
    '/api/config': () => ({ body: testConfig() }),
  });
}

async function signInFromDialog(user: UserEvent) {
  const dialog = await findDialog('Sign in');
  await user.type(within(dialog).getByLabelText('Email address'), 'ada');
  await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
  await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  // The purchase the visitor chose may open in its place: only this dialog must be gone.
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

function quantityRadio(option: 'x1' | 'x25' | 'x50') {
  return screen.getByRole('radio', { name: new RegExp(`^${option},`) });
}

afterEach(() => vi.useRealTimers());

describe('/promo', () => {
  it('shows the promo video in the player with a poster, loaded only when played', async () => {
    mockApi();
    renderApp('/promo');
    await screen.findByRole('heading', { level: 1, name: 'Game Pack' });

    const video = screen.getByLabelText('Game Pack promo video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).not.toHaveAttribute('controls');
    expect(screen.getByRole('group', { name: 'Video controls' })).toBeInTheDocument();
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/media/promo-poster.svg');
    expect(video).toHaveAttribute('src', '/media/promo.mp4');
  });

  it("shows the spec's error text when the video cannot be loaded", async () => {
    mockApi();
    renderApp('/promo');
    const video = await screen.findByLabelText('Game Pack promo video');

    fireEvent.error(video);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.videoLoadError);
    expect(screen.queryByRole('group', { name: 'Video controls' })).not.toBeInTheDocument();
  });

  it('offers x1, x25 and x50 with price and discount, chosen with the arrow keys', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/promo');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Choose your Game Packs' })
    ).closest('section')!;

    expect(
      within(section)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['x1, $39.99, Standard price', 'x25, $400.00, Save 60%', 'x50, $700.00, Save 65%']);
    expect(quantityRadio('x1')).toBeChecked();
    const buy = within(section).getByRole('button', { name: /^Buy Now/ });
    expect(buy).toHaveAccessibleName('Buy Now: Game Pack x1 for $39.99');

    // Keyboard: Tab reaches the group, the arrows move the choice.
    act(() => quantityRadio('x1').focus());
    await user.keyboard('{ArrowRight}');
    expect(quantityRadio('x25')).toBeChecked();
    expect(quantityRadio('x25')).toHaveFocus();
    expect(buy).toHaveAccessibleName('Buy Now: Game Pack x25 for $400.00');
    expect(section).toHaveTextContent('instead of $999.75');
    // What the packs bring (the catalogue's lineIncludes).
    const includes = within(section).getByRole('heading', {
      name: 'What you get',
    }).nextElementSibling!;
    expect(
      within(includes as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['25 Game Pass codes', '7 soundtracks', '25 × lanyard style A and lanyard style B']);

    await user.keyboard('{ArrowRight}');
    expect(quantityRadio('x50')).toBeChecked();
    expect(buy).toHaveAccessibleName('Buy Now: Game Pack x50 for $700.00');
    expect(section).toHaveTextContent('instead of $1,999.50');

    // The promotion note: text only.
    expect(within(section).getByRole('complementary', { name: 'Promotion' })).toHaveTextContent(
      'After checkout you receive a 10% coupon code for a future Game Pack.',
    );
  });

  it('buys x25 Game Packs: the dialog is titled and priced from the catalogue', async () => {
    const user = userEvent.setup();
    signedIn();
    const calls = mockCheckout(() =>
      HttpResponse.json({
        message: MESSAGES.itemPaid,
        order: {
          orderNumber: 'QF-25PACKS',
          status: 'paid',
          amount: '$400.00',
          credits: 0,
          lines: [{ sku: 'game-pack', quantity: 25, label: 'Game Pack x25', includes: [] }],
          createdAt: '2026-06-01T12:00:00.000Z',
        },
        credits: 0,
      }),
    );
    renderApp('/promo');
    await within(screen.getByRole('banner')).findByText('Credits');
    await screen.findByRole('heading', { level: 1, name: 'Game Pack' });

    await user.click(quantityRadio('x25'));
    const buy = screen.getByRole('button', { name: 'Buy Now: Game Pack x25 for $400.00' });
    await user.click(buy);
    const dialog = await findDialog('Game Pack x25');
    expect(within(dialog).getByText('Total: $400.00')).toBeInTheDocument();

    await user.type(await within(dialog).findByLabelText('Card number'), '4111111111111111');
    await user.type(within(dialog).getByLabelText('Expiry date'), futureExpiryDigits());
    await user.type(within(dialog).getByLabelText('CVV'), '111');
    await user.type(within(dialog).getByLabelText('Postal code'), '10001');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(MESSAGES.itemPaid)).toBeInTheDocument();
    await waitForDialogToClose();
    expect(buy).toHaveFocus();
    expect(calls.map((call) => call.body)).toEqual([
      {
        items: [{ id: 'game-pack', qty: 25 }],
        total: '$400.00',
        paymentToken: 'cnon:card-nonce-ok',
        sku: 'game-pack',
        quantity: 25,
      },
    ]);
  });

  it("'Play Now for $17.99' opens the purchase of 16 credits", async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp('/promo');
    await within(screen.getByRole('banner')).findByText('Credits');

    await user.click(await screen.findByRole('button', { name: 'Play Now for $17.99' }));
    const dialog = await findDialog('Purchase 16 Credits');
    expect(within(dialog).getByText('Total: $17.99')).toBeInTheDocument();
  });

  it('opens sign-up on the openSignUp window event', async () => {
    mockApi();
    renderApp('/promo');
    await screen.findByRole('heading', { level: 1, name: 'Game Pack' });

    act(() => {
      window.dispatchEvent(new Event('openSignUp'));
    });

    expect(await findDialog('Sign Up')).toBeInTheDocument();
  });
});

describe('/promo for a visitor: the purchase resumes after sign-in (spec §4)', () => {
  it('keeps Play Now through sign-in within 5 minutes, then opens the dialog once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const user = userEvent.setup();
    const api = visitor();
    renderApp('/promo');

    const playNow = await screen.findByRole('button', { name: 'Play Now for $17.99' });
    await user.click(playNow);

    expect(await findDialog('Sign in')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('pendingQuickBuy') ?? 'null')).toEqual({
      credits: 16,
      price: 17.99,
      ts: T0,
    });
    expect(screen.queryByRole('dialog', { name: /Purchase/ })).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);

    vi.setSystemTime(T0 + PURCHASE_INTENT_WINDOW_MS - 1_000);
    await signInFromDialog(user);

    const dialog = await findDialog('Purchase 16 Credits');
    expect(within(dialog).getByText('Total: $17.99')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingQuickBuy')).toBeNull();

    // Cancelled: focus goes back to the button that started the purchase.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForDialogToClose();
    await waitFor(() => expect(playNow).toHaveFocus());

    // Used once: another login status change opens nothing.
    act(() => {
      window.dispatchEvent(new Event('loginStatusChanged'));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the chosen Game Pack quantity through sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const user = userEvent.setup();
    visitor();
    renderApp('/promo');
    await screen.findByRole('heading', { level: 1, name: 'Game Pack' });

    await user.click(quantityRadio('x50'));
    await user.click(screen.getByRole('button', { name: 'Buy Now: Game Pack x50 for $700.00' }));
    expect(JSON.parse(sessionStorage.getItem('pendingGamePack') ?? 'null')).toEqual({
      qty: 50,
      ts: T0,
    });

    vi.setSystemTime(T0 + 60_000);
    await signInFromDialog(user);

    const dialog = await findDialog('Game Pack x50');
    expect(within(dialog).getByText('Total: $700.00')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingGamePack')).toBeNull();
  });

  it('discards an intent 5 minutes old: sign-in opens no purchase', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const user = userEvent.setup();
    visitor();
    renderApp('/promo');
    await screen.findByRole('heading', { level: 1, name: 'Game Pack' });

    await user.click(quantityRadio('x25'));
    await user.click(screen.getByRole('button', { name: /^Buy Now: Game Pack x25/ }));
    expect(sessionStorage.getItem('pendingGamePack')).not.toBeNull();

    vi.setSystemTime(T0 + PURCHASE_INTENT_WINDOW_MS);
    await signInFromDialog(user);

    // Signed in (the header shows the balance), and no purchase dialog comes.
    await within(screen.getByRole('banner')).findByText('Credits');
    expect(sessionStorage.getItem('pendingGamePack')).toBeNull();
    // The dialog's code loaded, a purchase opened now would render at once: none does.
    await import('@/features/payments/components/purchase-dialog');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
