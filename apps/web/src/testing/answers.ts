import { ERRORS } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
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
