/**
 * POST /api/webhooks/square (security.md W8): Square's payment, refund and dispute events, trusted only
 * with a valid signature over the raw body, applied once per event id. Answered quickly with 200 so Square
 * does not retry what was handled; a bad signature is 401 and changes nothing.
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env';
import { fail } from '../../lib/app-error';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import {
  isSquareSignatureValid,
  SQUARE_SIGNATURE_HEADER,
  squareDisputeEvent,
  squareEvent,
  squarePaymentEvent,
  squareRefundEvent,
} from '../../integrations/payments/square-webhook';
import type { Services } from '../../services';
import type { ModuleContext } from '../module-context';
import { isOrderFlag } from './orders.repository';
import type { DisputeUpdate, PaymentState, PaymentUpdate, RefundUpdate } from './orders.service';

const PAYMENT_EVENTS = new Set(['payment.created', 'payment.updated']);
const DISPUTE_EVENT = /^dispute\./;
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated']);
/** Square's refund statuses, as the orders module reads them. */
const REFUND_STATUSES: Readonly<Record<string, RefundUpdate['status']>> = {
  PENDING: 'pending',
  COMPLETED: 'completed',
  FAILED: 'failed',
  REJECTED: 'failed',
};
/** Square's payment statuses, as the orders module reads them. */
const PAYMENT_STATUSES: Readonly<Record<string, PaymentState['status']>> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELED: 'failed',
};

const squareNotificationUrl = (env: Pick<Env, 'publicOrigin'>) =>
  `${env.publicOrigin}/api/webhooks/square`;

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return fail('BAD_REQUEST', 'The body is not JSON.');
  }
}

function paymentUpdateOf(body: unknown): PaymentUpdate {
  const parsed = squarePaymentEvent.safeParse(body);
  if (!parsed.success) fail('BAD_REQUEST', 'This payment event is incomplete.');
  const { payment } = parsed.data.data.object;
  return {
    eventId: parsed.data.event_id,
    eventType: parsed.data.type,
    referenceId: payment.reference_id,
    paymentId: payment.id,
    status: PAYMENT_STATUSES[payment.status] ?? 'open',
    amountCents: payment.amount_money?.currency === 'USD' ? payment.amount_money.amount : null,
    refundedCents: payment.refunded_money?.amount ?? 0,
  };
}

function disputeUpdateOf(body: unknown): DisputeUpdate {
  const parsed = squareDisputeEvent.safeParse(body);
  if (!parsed.success) fail('BAD_REQUEST', 'This dispute event is incomplete.');
  const dispute = parsed.data.data.object.object;
  return {
    eventId: parsed.data.event_id,
    eventType: parsed.data.type,
    disputeId: dispute.id,
    paymentId: dispute.disputed_payment.payment_id,
    state: dispute.state,
    reason: dispute.reason ?? 'UNKNOWN',
    amountCents: dispute.amount_money?.amount ?? 0,
  };
}

function refundUpdateOf(body: unknown): RefundUpdate | null {
  const parsed = squareRefundEvent.safeParse(body);
  if (!parsed.success) fail('BAD_REQUEST', 'This refund event is incomplete.');
  const { refund } = parsed.data.data.object;
  const status = REFUND_STATUSES[refund.status];
  // A status Square may add later says nothing we act on.
  if (status === undefined || refund.amount_money.currency !== 'USD') return null;
  return {
    eventId: parsed.data.event_id,
    eventType: parsed.data.type,
    refundId: refund.id,
    paymentId: refund.payment_id,
    status,
    failureCode: refund.status,
    amountCents: refund.amount_money.amount,
  };
}

/** Applies a payment, refund or dispute event; null for a type the orders module ignores. */
async function applyEvent(body: unknown, orders: Services['orders']) {
  const event = squareEvent.safeParse(body);
  if (!event.success) fail('BAD_REQUEST', 'This is not a Square event.');
  if (PAYMENT_EVENTS.has(event.data.type)) return orders.applyPaymentUpdate(paymentUpdateOf(body));
  if (DISPUTE_EVENT.test(event.data.type)) return orders.applyDispute(disputeUpdateOf(body));
  if (REFUND_EVENTS.has(event.data.type)) {
    const update = refundUpdateOf(body);
    return update === null ? null : orders.applyRefundUpdate(update);
  }
  return null;
}

export async function registerSquareWebhookRoutes(app: ZodApp, { env, services }: ModuleContext) {
  const payment = env.payment;
  const signatureKey = payment.provider === 'square' ? payment.webhookSignatureKey : null;
  await app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body as the string that arrived.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...apiRoute('squareWebhook'),
      handler: async (request) => {
        if (signatureKey === null) fail('NOT_FOUND');
        const signature = request.headers[SQUARE_SIGNATURE_HEADER];
        const valid = isSquareSignatureValid({
          signatureKey,
          notificationUrl: squareNotificationUrl(env),
          rawBody: request.body,
          signature: typeof signature === 'string' ? signature : undefined,
        });
        if (!valid) fail('UNAUTHENTICATED', 'The signature of this event is not valid.');
        const body = parseJson(request.body);
        const outcome = await applyEvent(body, services.orders);
        // Payments of the seller's other sales (no order of ours) are none of our business.
        if (outcome !== null && isOrderFlag(outcome)) {
          const { event_id: eventId, type } = squareEvent.parse(body);
          request.log.warn({ eventId, type, outcome }, 'square event needs an operator');
        }
        return { received: true as const };
      },
    });
  });
}
