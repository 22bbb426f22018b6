import { SANDBOX_NONCES } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import type { PaymentRequest } from '../src/integrations/payments/provider';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';

const REQUEST: PaymentRequest = {
  idempotencyKey: 'order-1',
  sourceId: SANDBOX_NONCES.ok,
  amountCents: 1799,
  currency: 'USD',
  referenceId: 'QF-1',
  buyerEmail: 'ada@example.com',
};

describe('the test payment provider answers like Square’s sandbox', () => {
  it('completes the ok nonce with a payment id and a receipt', async () => {
    const result = await createTestPaymentProvider().createPayment(REQUEST);
    expect(result).toEqual({
      outcome: 'completed',
      paymentId: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      receiptUrl: expect.stringMatching(/^https:\/\/squareupsandbox\.com\/receipt\/preview\//),
    });
  });

  it.each([
    [SANDBOX_NONCES.declined, 'GENERIC_DECLINE'],
    [SANDBOX_NONCES.rejectedCvv, 'CVV_FAILURE'],
    [SANDBOX_NONCES.rejectedPostalCode, 'ADDRESS_VERIFICATION_FAILURE'],
    [SANDBOX_NONCES.rejectedExpiration, 'INVALID_EXPIRATION'],
    [SANDBOX_NONCES.alreadyUsed, 'CARD_TOKEN_USED'],
    ['cnon:made-up', 'INVALID_CARD_DATA'],
  ])('declines %s with %s', async (sourceId, code) => {
    const result = await createTestPaymentProvider().createPayment({ ...REQUEST, sourceId });
    expect(result).toEqual({ outcome: 'declined', code });
  });

  it('answers a repeated key with the first result and charges once', async () => {
    const provider = createTestPaymentProvider();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => provider.createPayment(REQUEST)),
    );
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(provider.charges).toHaveLength(1);
  });

  it('refuses a reused key with another body, charging nothing', async () => {
    const provider = createTestPaymentProvider();
    await provider.createPayment(REQUEST);
    const reused = await provider.createPayment({ ...REQUEST, amountCents: 1 });
    expect(reused).toEqual({ outcome: 'key-reused' });
    expect(provider.charges).toHaveLength(1);
  });
});
