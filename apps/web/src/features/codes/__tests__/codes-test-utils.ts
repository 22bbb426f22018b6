import { codeRedeemedMessage, ERRORS, type CodeRedeemedResponse } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
import type { MockAnswer } from '@/testing/mock-api';

/** The answer of a redeemed code: 16 credits added, `balance` the new balance. */
export function redeemedAnswer(balance: number, label = 'Game Pass …0001'): CodeRedeemedResponse {
  const at = '2026-06-01T12:00:00.000Z';
  return {
    message: codeRedeemedMessage(16),
    credits: balance,
    item: {
      id: 'item-1',
      name: label,
      redeemedat: at,
      redeemedAt: at,
      RedeemedAt: at,
      redeemedby: 'ada',
      scheduledSessions: [],
    },
  };
}

/** A refusal in the API's envelope, with the contract's status and message. */
export function refusal(code: keyof typeof ERRORS): MockAnswer {
  return { status: ERRORS[code].status, body: { message: ERRORS[code].message, code } };
}

/** A promise the test settles itself, to look at the form while a request is on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The header's 'Credits n' (the page behind an open dialog is hidden from assistive technology). */
export function headerCredits() {
  return within(screen.getByRole('banner', { hidden: true }))
    .getByText('Credits')
    .closest('span');
}
