import { MESSAGES } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockCheckout, paidAnswer, testConfig } from './payments-test-utils';
import {
  InvalidApplicationIdError,
  SQUARE_SDK_URLS,
  squareSdkUrl,
  type SquareSdk,
  type SquareTokenResult,
} from '../card/square-sdk';
import { paymentsCopy } from '../copy';
import { usePurchase } from '../hooks/use-purchase';
import { mockApi, testUser } from '@/testing/mock-api';
import { findDialog, renderWithRouter } from '@/testing/test-utils';

describe('the application id rule (spec §5)', () => {
  it('loads the SDK of the environment the prefix names', () => {
    expect(squareSdkUrl('sandbox-sq0idb-AbC123')).toBe(
      'https://sandbox.web.squarecdn.com/v1/square.js',
    );
    expect(squareSdkUrl('sq0idp-AbC123')).toBe('https://web.squarecdn.com/v1/square.js');
  });

  it.each(['sq0idb-AbC123', 'sandbox-sq0idp-AbC123', 'SQ0IDP-AbC123', ' sq0idp-x', '', null])(
    'raises the invalid-application-id error for %j',
    (id) => {
      expect(() => squareSdkUrl(id)).toThrow(InvalidApplicationIdError);
      expect(() => squareSdkUrl(id)).toThrow(
        "The Payment 'applicationId' option is not in the correct format.",
      );
    },
  );
});

function Shop() {
  const { openPurchase, purchaseUi } = usePurchase();
  return (
    <>
      <button type="button" onClick={() => openPurchase({ sku: 'game-pack', quantity: 25 })}>
        Buy Game Packs
      </button>
      {purchaseUi}
    </>
  );
}

function squareScripts() {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src*="squarecdn.com"]')];
}

type WithSquare = Window & { Square?: SquareSdk };

/** Square's SDK as far as the card form uses it; `tokenize` answers what the test says. */
function fakeSquare(tokenize: () => SquareTokenResult) {
  const attach = vi.fn(async (target: HTMLElement | string) => {
    if (typeof target !== 'string') target.append(document.createElement('iframe'));
  });
  const destroy = vi.fn(async () => true);
  const payments = vi.fn(() => ({
    card: async () => ({ attach, destroy, tokenize: async () => tokenize() }),
  }));
  (window as WithSquare).Square = { payments };
  return { payments, attach, destroy };
}

afterEach(() => {
  delete (window as WithSquare).Square;
  for (const script of squareScripts()) script.remove();
});

describe('the square card form', () => {
  it('shows the invalid-application-id error in the dialog and loads no script', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/config': () => ({
        body: testConfig({ paymentProvider: 'square', squareApplicationId: 'sq0idb-AbC123' }),
      }),
    });
    renderWithRouter(<Shop />);
    await user.click(screen.getByRole('button', { name: 'Buy Game Packs' }));

    const dialog = await findDialog('Game Pack x25');
    expect(within(dialog).getByText('Total: $400.00')).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      paymentsCopy.invalidApplicationId,
    );
    expect(within(dialog).getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(squareScripts()).toEqual([]);
  });

  it("loads Square's sandbox SDK for a sandbox id and sends only Square's token", async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/config': () => ({
        body: testConfig({
          paymentProvider: 'square',
          squareApplicationId: 'sandbox-sq0idb-AbC123',
          squareLocationId: 'L1',
        }),
      }),
    });
    const calls = mockCheckout(() =>
      HttpResponse.json({
        ...paidAnswer(0, 0),
        message: MESSAGES.itemPaid,
      }),
    );
    renderWithRouter(<Shop />);
    await user.click(screen.getByRole('button', { name: 'Buy Game Packs' }));
    const dialog = await findDialog('Game Pack x25');

    await waitFor(() => expect(squareScripts()).toHaveLength(1));
    expect(squareScripts()[0]?.src).toBe(SQUARE_SDK_URLS.sandbox);
    const answers: SquareTokenResult[] = [
      { status: 'Invalid', errors: [{ message: 'Card number is not valid.' }] },
      { status: 'OK', token: 'cnon:square-token' },
    ];
    const square = fakeSquare(() => answers.shift()!);
    squareScripts()[0]!.dispatchEvent(new Event('load'));

    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(square.payments).toHaveBeenCalledWith('sandbox-sq0idb-AbC123', 'L1');
    expect(dialog.querySelector('[data-square-card] iframe')).not.toBeNull();

    // Square's own check of the entry: its message, and no request.
    await user.click(pay);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Card number is not valid.');
    expect(calls).toEqual([]);

    await user.click(pay);
    expect(await screen.findByText(MESSAGES.itemPaid)).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      {
        items: [{ id: 'game-pack', qty: 25 }],
        total: '$400.00',
        paymentToken: 'cnon:square-token',
        sku: 'game-pack',
        quantity: 25,
      },
    ]);
    await waitFor(() => expect(square.destroy).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Buy Game Packs' })).toHaveFocus();
  });

  it('says so when the SDK cannot load', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/config': () => ({
        body: testConfig({ paymentProvider: 'square', squareApplicationId: 'sq0idp-AbC123' }),
      }),
    });
    renderWithRouter(<Shop />);
    await user.click(screen.getByRole('button', { name: 'Buy Game Packs' }));
    const dialog = await findDialog('Game Pack x25');

    await waitFor(() => expect(squareScripts()).toHaveLength(1));
    expect(squareScripts()[0]?.src).toBe(SQUARE_SDK_URLS.production);
    squareScripts()[0]!.dispatchEvent(new Event('error'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      paymentsCopy.cardFormUnavailable,
    );
    // A failed script is removed, so the next dialog tries again.
    expect(squareScripts()).toEqual([]);
  });
});
