import { ERRORS } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { MockAnswer } from './mock-api';

/** A refusal in the API's envelope, with the contract's status and message. */
export function refusal(code: keyof typeof ERRORS): MockAnswer {
  return { status: ERRORS[code].status, body: { message: ERRORS[code].message, code } };
}

/** A promise the test settles itself, to look at a form while a request is on its way. */
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

/**
 * The alert of a load that failed (RetryAlert), found by its words: it offers 'Try Again', so
 * the failure is told apart from an empty list.
 */
export async function findRetryAlert(message: string) {
  const alert = (await screen.findByText(message)).closest<HTMLElement>('[role="alert"]');
  if (alert === null) throw new Error(`“${message}” is not in an alert`);
  expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
  return alert;
}
