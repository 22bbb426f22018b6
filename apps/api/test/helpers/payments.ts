/** Purchases and Square's signed webhook events, shared by the payment test files. */
import { randomUUID } from 'node:crypto';
import {
  formatUsd,
  priceCents,
  SANDBOX_NONCES,
  type CheckoutRequest,
  type Sku,
} from '@questfield/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app';
import type { PaymentProvider, PaymentResult } from '../../src/integrations/payments/provider';
import {
  SQUARE_SIGNATURE_HEADER,
  squareSignature,
} from '../../src/integrations/payments/square-webhook';
import type { TestPaymentProvider } from '../../src/integrations/payments/test-provider';

/** A Square/Checkout body at the catalogue's price, paid with the sandbox's approved card. */
export function purchase(
  sku: Sku,
  quantity = 1,
  change: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  return {
    items: [{ id: sku, qty: quantity }],
    total: formatUsd(priceCents(sku, quantity)),
    paymentToken: SANDBOX_NONCES.ok,
    sku,
    quantity,
    ...change,
  };
}

const SQUARE_SIGNATURE_KEY = 'whsec-test-signature-key';
/** Settings of an app that takes Square's webhook (tests still inject their payment provider). */
export const SQUARE_ENV = {
  PAYMENT_PROVIDER: 'square',
  SQUARE_ACCESS_TOKEN: 'EAAA-test',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test',
  SQUARE_LOCATION_ID: 'LTEST',
  SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SIGNATURE_KEY,
};
export const SQUARE_WEBHOOK_URL = 'http://localhost:3000/api/webhooks/square';

/** Delivers an event as Square does: signed over the exact body, unless a signature is given. */
export function deliverSquareEvent(
  app: App,
  event: object,
  signature?: string,
): Promise<LightMyRequestResponse> {
  const body = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/square',
    headers: {
      'content-type': 'application/json',
      [SQUARE_SIGNATURE_HEADER]:
        signature ?? squareSignature(SQUARE_SIGNATURE_KEY, SQUARE_WEBHOOK_URL, body),
    },
    payload: body,
  });
}

/**
 * A payment.updated event for an order, for its amount unless `amount` says otherwise;
 * `refunded` cents make it a refund.
 */
export const paymentEvent = (
  order: { orderNumber: string; amountCents?: number },
  payment: { id: string; status: string; amount?: number; refunded?: number },
  eventId = randomUUID(),
) => ({
  event_id: eventId,
  type: 'payment.updated',
  data: {
    type: 'payment',
    id: payment.id,
    object: {
      payment: {
        id: payment.id,
        status: payment.status,
        reference_id: order.orderNumber,
        amount_money: { amount: payment.amount ?? order.amountCents ?? 1799, currency: 'USD' },
        ...(payment.refunded === undefined
          ? {}
          : { refunded_money: { amount: payment.refunded, currency: 'USD' } }),
      },
    },
  },
});

/** A refund.updated event (refund.created with `type`) for a refund of a payment. */
export const refundEvent = (
  refund: { id: string; paymentId: string; status: string; amount: number },
  eventId = randomUUID(),
  type = 'refund.updated',
) => ({
  event_id: eventId,
  type,
  data: {
    type: 'refund',
    id: refund.id,
    object: {
      refund: {
        id: refund.id,
        status: refund.status,
        payment_id: refund.paymentId,
        amount_money: { amount: refund.amount, currency: 'USD' },
      },
    },
  },
});

/** A dispute.created event (a chargeback) on a payment, as Square sends it. */
export const disputeEvent = (
  dispute: { id: string; paymentId: string; state?: string; amount: number },
  eventId = randomUUID(),
  type = 'dispute.created',
) => ({
  event_id: eventId,
  type,
  data: {
    type: 'dispute',
    id: dispute.id,
    object: {
      object: {
        id: dispute.id,
        state: dispute.state ?? 'EVIDENCE_REQUIRED',
        reason: 'NO_KNOWLEDGE',
        amount_money: { amount: dispute.amount, currency: 'USD' },
        disputed_payment: { payment_id: dispute.paymentId },
      },
    },
  },
});

/** The processor charges, but the answer is lost on the way back (a crash, a timeout). */
export function lostAnswers(inner: TestPaymentProvider): PaymentProvider {
  return {
    name: 'test',
    async createPayment(request): Promise<PaymentResult> {
      await inner.createPayment(request);
      return { outcome: 'unknown', detail: 'connection reset' };
    },
    findPayment: (referenceId, createdAfter) => inner.findPayment(referenceId, createdAfter),
    refundPayment: (request) => inner.refundPayment(request),
  };
}
