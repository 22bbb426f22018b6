// The offline card form of the purchase dialog, as the payment journeys fill it.
import type { Locator } from '@playwright/test';

/** Square's sandbox Visa, which the offline test provider accepts. */
const GOOD_CARD = '4111 1111 1111 1111';

/** MM/YY two years ahead: any future date works in the sandbox. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

export async function enterCard(dialog: Locator, number = GOOD_CARD) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date').fill(futureExpiry());
  await dialog.getByLabel('CVV', { exact: true }).fill('111');
  await dialog.getByLabel('Postal code').fill('10001');
}
