// The offline card form of the purchase dialog, as the payment journeys fill it, and a pack
// bought by the API for journeys that only need an order.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { API_ROUTES, formatUsd, priceCents, SANDBOX_NONCES } from '@questfield/contract';
import { CLIENT_HEADERS } from './console';

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

/**
 * The signed-in player of `page` buys one 16-credit pack by the API with the sandbox's approved
 * card; the order's number.
 */
export async function buyCreditPackByApi(page: Page): Promise<string> {
  const paid = await page.request.post(API_ROUTES.squareCheckout.path, {
    headers: { ...CLIENT_HEADERS, 'idempotency-key': randomUUID() },
    data: {
      items: [{ id: 'credits-16', qty: 1 }],
      total: formatUsd(priceCents('credits-16', 1)),
      paymentToken: SANDBOX_NONCES.ok,
      sku: 'credits-16',
      quantity: 1,
    },
  });
  expect(paid.status()).toBe(200);
  return ((await paid.json()) as { order: { orderNumber: string } }).order.orderNumber;
}
