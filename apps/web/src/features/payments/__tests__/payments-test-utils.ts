import { CSRF_HEADER, MESSAGES, type CheckoutResponse } from '@questfield/contract';
import { http, HttpResponse } from 'msw';
import { mswServer } from '@/testing/msw-server';

export { testConfig } from '@/testing/mock-api';

export const paidAnswer = (credits: number, balance: number): CheckoutResponse => ({
  message: MESSAGES.creditPackPaid(credits),
  order: {
    orderNumber: 'QF-7K3M9X2P4D',
    status: 'paid',
    amount: '$17.99',
    credits,
    lines: [{ sku: 'credits-16', quantity: 1, label: `${credits} Credits`, includes: [] }],
    createdAt: '2026-06-01T12:00:00.000Z',
  },
  credits: balance,
});

export const declined = () =>
  HttpResponse.json(
    { message: 'Your card was declined. Please use another card.', code: 'PAYMENT_FAILED' },
    { status: 402 },
  );

export type CheckoutCall = { key: string | null; body: Record<string, unknown> };

/** Every checkout must carry the CSRF header beside its Idempotency-Key. */
export const checkoutsWithoutCsrf: string[] = [];

/**
 * Square/Checkout with its headers recorded (mockApi logs bodies only). `answer` may return a
 * Response (an error, a network failure) or a body to send with 200.
 */
export function mockCheckout(answer: (call: CheckoutCall) => Response | Promise<Response>) {
  const calls: CheckoutCall[] = [];
  mswServer.use(
    http.post('/api/Square/Checkout', async ({ request }) => {
      if (request.headers.get(CSRF_HEADER.name) !== CSRF_HEADER.value) {
        checkoutsWithoutCsrf.push(request.url);
      }
      const call = {
        key: request.headers.get('idempotency-key'),
        body: (await request.json()) as Record<string, unknown>,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** A month and year two years ahead, as MM/YY digits the form formats itself. */
export function futureExpiryDigits(): string {
  return `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}
