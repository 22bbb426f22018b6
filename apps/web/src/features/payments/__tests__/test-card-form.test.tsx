import { SANDBOX_NONCES } from '@questfield/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { futureExpiryDigits } from './payments-test-utils';
import { CardEntryError, type CardTokenizer } from '../card/card-tokenizer';
import TestCardForm, { formatCardNumber, formatExpiry } from '../components/test-card-form';

function renderForm() {
  const ready: { tokenizer: CardTokenizer | null } = { tokenizer: null };
  render(<TestCardForm onReady={(tokenizer) => (ready.tokenizer = tokenizer)} />);
  return {
    /** Settles inside act, so the errors it sets are rendered before the test looks. */
    tokenize: async () => {
      const tokenizer = ready.tokenizer;
      if (tokenizer === null) throw new Error('the form is not ready');
      let outcome: Promise<string> | undefined;
      await act(async () => {
        outcome = tokenizer.tokenize();
        await outcome.catch(() => undefined);
      });
      return outcome!;
    },
  };
}

async function fill(
  user: UserEvent,
  card: { number?: string; expiry?: string; cvv?: string; postalCode?: string },
) {
  const entries: Array<[string, string | undefined]> = [
    ['Card number', card.number],
    ['Expiry date', card.expiry],
    ['CVV', card.cvv],
    ['Postal code', card.postalCode],
  ];
  for (const [label, value] of entries) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const good = () => ({
  number: '4111111111111111',
  expiry: futureExpiryDigits(),
  cvv: '111',
  postalCode: '10001',
});

describe('the test card form', () => {
  it('labels its fields for autofill and numeric keypads', () => {
    renderForm();
    const expected = [
      ['Card number', 'cc-number', 'numeric'],
      ['Expiry date', 'cc-exp', 'numeric'],
      ['CVV', 'cc-csc', 'numeric'],
      ['Postal code', 'postal-code', null],
    ] as const;
    for (const [label, autocomplete, inputMode] of expected) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      // null: no inputmode at all (a postal code may hold letters).
      expect(input.getAttribute('inputmode')).toBe(inputMode);
    }
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
  });

  it('names every missing field, tied to its input, and focuses the first', async () => {
    const { tokenize } = renderForm();
    await expect(tokenize()).rejects.toBeInstanceOf(CardEntryError);
    const messages = {
      'Card number': 'Please enter your card number.',
      'Expiry date': 'Please enter the expiry date as MM/YY.',
      CVV: 'Please enter the security code.',
      'Postal code': 'Please enter the postal code.',
    };
    for (const [label, message] of Object.entries(messages)) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Card number')).toHaveFocus();
  });

  it('formats the number and the expiry as they are typed', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { number: '4111111111111111', expiry: '1230' });
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('12/30');
    expect(formatCardNumber('4111-1111 1111x1111')).toBe('4111 1111 1111 1111');
    expect(formatExpiry('0')).toBe('0');
    expect(formatExpiry('123')).toBe('12/3');
  });

  it.each([
    ['a good sandbox card', {}, SANDBOX_NONCES.ok],
    ['the declined card', { number: '4000000000000002' }, SANDBOX_NONCES.declined],
    ['CVV 911', { cvv: '911' }, SANDBOX_NONCES.rejectedCvv],
    ['postal code 99999', { postalCode: '99999' }, SANDBOX_NONCES.rejectedPostalCode],
    ['another sandbox card', { number: '5105105105105100' }, SANDBOX_NONCES.ok],
  ])('turns %s into its Square test nonce', async (_name, change, nonce) => {
    const user = userEvent.setup();
    const { tokenize } = renderForm();
    await fill(user, { ...good(), ...change });
    await expect(tokenize()).resolves.toBe(nonce);
  });

  it('refuses a card that is not a sandbox card, or has expired', async () => {
    const user = userEvent.setup();
    const { tokenize } = renderForm();
    await fill(user, { ...good(), number: '4242424242424242' });
    await expect(tokenize()).rejects.toBeInstanceOf(CardEntryError);
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'Enter one of the sandbox test card numbers.',
    );

    await fill(user, { ...good(), expiry: '0120' });
    await expect(tokenize()).rejects.toBeInstanceOf(CardEntryError);
    expect(screen.getByLabelText('Expiry date')).toHaveAccessibleDescription(
      'This card has expired.',
    );
    expect(screen.getByLabelText('Expiry date')).toHaveFocus();
  });
});
