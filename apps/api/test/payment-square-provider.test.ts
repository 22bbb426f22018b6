import { SANDBOX_NONCES } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRequest } from '../src/integrations/payments/provider';
import { createSquarePaymentProvider } from '../src/integrations/payments/square-provider';
import { startFakeSquare } from './helpers/fake-square';

const REQUEST: PaymentRequest = {
  idempotencyKey: '3b1f0d8e-5f7a-4c1e-9a55-0d1c2b3a4f5e',
  sourceId: SANDBOX_NONCES.ok,
  amountCents: 7199,
  currency: 'USD',
  referenceId: 'QF-100234',
  buyerEmail: 'ada@example.com',
};

describe('the square payment provider against a local fake of Square’s API', () => {
  let square: Awaited<ReturnType<typeof startFakeSquare>>;
  let provider: ReturnType<typeof createSquarePaymentProvider>;
  /** Gives up after a second: the slow-reply test's (the others wait long, for a loaded CI). */
  let impatient: ReturnType<typeof createSquarePaymentProvider>;

  beforeAll(async () => {
    square = await startFakeSquare();
    const settings = {
      accessToken: 'EAAAtest-token',
      environment: 'sandbox',
      locationId: 'LQF123',
      baseUrl: square.baseUrl,
    } as const;
    provider = createSquarePaymentProvider({ ...settings, timeoutSeconds: 15 });
    impatient = createSquarePaymentProvider({ ...settings, timeoutSeconds: 1 });
  });
  afterAll(() => square.close());

  it('sends the server’s amount, currency, key, location and reference, with the token', async () => {
    const result = await provider.createPayment(REQUEST);
    expect(result).toMatchObject({ outcome: 'completed', paymentId: expect.any(String) });
    const sent = square.requests.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer EAAAtest-token');
    expect(sent?.body).toEqual({
      source_id: SANDBOX_NONCES.ok,
      idempotency_key: REQUEST.idempotencyKey,
      amount_money: { amount: 7199, currency: 'USD' },
      location_id: 'LQF123',
      reference_id: 'QF-100234',
      buyer_email_address: 'ada@example.com',
      autocomplete: true,
    });
  });

  it('answers a repeated key with the first payment', async () => {
    const first = await provider.createPayment({ ...REQUEST, idempotencyKey: 'repeat-1' });
    const again = await provider.createPayment({ ...REQUEST, idempotencyKey: 'repeat-1' });
    expect(again).toEqual(first);
  });

  it('maps a reused key with another body', async () => {
    await provider.createPayment({ ...REQUEST, idempotencyKey: 'reuse-1' });
    const reused = await provider.createPayment({
      ...REQUEST,
      idempotencyKey: 'reuse-1',
      amountCents: 1,
    });
    expect(reused).toEqual({ outcome: 'key-reused' });
  });

  it.each([
    [SANDBOX_NONCES.declined, 'GENERIC_DECLINE'],
    [SANDBOX_NONCES.rejectedCvv, 'CVV_FAILURE'],
    [SANDBOX_NONCES.rejectedPostalCode, 'ADDRESS_VERIFICATION_FAILURE'],
    [SANDBOX_NONCES.rejectedExpiration, 'INVALID_EXPIRATION'],
  ])('maps the decline of %s to %s', async (sourceId, code) => {
    const result = await provider.createPayment({
      ...REQUEST,
      sourceId,
      idempotencyKey: `decline-${code}`,
    });
    expect(result).toEqual({ outcome: 'declined', code });
  });

  it('retries a 5xx once with the same key, then calls it unknown', async () => {
    const before = square.requests.length;
    square.failNext('server-error', 'server-error');
    const failed = await provider.createPayment({ ...REQUEST, idempotencyKey: 'outage-1' });
    expect(failed).toMatchObject({ outcome: 'unknown' });
    const keys = square.requests.slice(before).map((request) => request.body.idempotency_key);
    expect(keys).toEqual(['outage-1', 'outage-1']);
  });

  it('calls a reply slower than its timeout unknown: the card may be charged', async () => {
    square.failNext({ delayMs: 1_500 });
    const slow = await impatient.createPayment({ ...REQUEST, idempotencyKey: 'slow-1' });
    expect(slow).toMatchObject({ outcome: 'unknown' });
    // The reconciler's retry with the same key gets the payment the slow reply carried.
    const retry = await provider.createPayment({ ...REQUEST, idempotencyKey: 'slow-1' });
    expect(retry).toMatchObject({ outcome: 'completed' });
  });

  it('calls an authentication failure refused: nothing was charged', async () => {
    square.failNext('unauthorized');
    const result = await provider.createPayment({ ...REQUEST, idempotencyKey: 'auth-1' });
    expect(result).toEqual({
      outcome: 'refused',
      detail: expect.stringMatching(/401.*UNAUTHORIZED/),
    });
  });

  describe('RefundPayment', () => {
    const refund = (paymentId: string, idempotencyKey: string) =>
      provider.refundPayment({
        idempotencyKey,
        paymentId,
        amountCents: 7199,
        currency: 'USD',
        reason: 'Refund of QF-100234',
      });

    it('sends the payment, amount, key and reason, and answers a pending refund', async () => {
      const paid = await provider.createPayment({ ...REQUEST, idempotencyKey: 'to-refund' });
      if (paid.outcome !== 'completed') throw new Error('the payment did not complete');
      const answer = await refund(paid.paymentId, 'refund-1');
      expect(answer).toEqual({
        outcome: 'pending',
        refundId: expect.stringMatching(new RegExp(`^${paid.paymentId}_fake\\d+$`)),
      });
      expect(square.requests.at(-1)?.body).toEqual({
        idempotency_key: 'refund-1',
        payment_id: paid.paymentId,
        amount_money: { amount: 7199, currency: 'USD' },
        reason: 'Refund of QF-100234',
      });
      expect(await refund(paid.paymentId, 'refund-1')).toEqual(answer);
    });

    it("answers Square's refusal with its code, and a 5xx (after the SDK's retry) as unknown", async () => {
      expect(await refund('no-such-payment', 'refund-2')).toEqual({
        outcome: 'failed',
        code: 'NOT_FOUND',
      });
      square.failNext('server-error', 'server-error');
      expect(await refund('fake-any', 'refund-3')).toMatchObject({ outcome: 'unknown' });
    });
  });
});
