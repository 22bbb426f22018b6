/**
 * POST /api/webhooks/square (security.md W8): Square's payment events, trusted only with a valid
 * signature over the raw body, applied once per event id. Answered quickly with 200 so Square
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
  squareEvent,
  squarePaymentEvent,
} from '../../integrations/payments/square-webhook';
import type { ModuleContext } from '../index';
import type { PaymentUpdate } from './orders.service';

const PAYMENT_EVENTS = new Set(['payment.created', 'payment.updated']);

export const squareNotificationUrl = (env: Pick<Env, 'publicOrigin'>) =>
  `${env.publicOrigin}/api/webhooks/square`;

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return fail('BAD_REQUEST', 'The body is not JSON.');
  }
}

/** The update a payment event carries, or null for an event the orders module ignores. */
function paymentUpdateOf(body: unknown): PaymentUpdate | null {
  const event = squareEvent.safeParse(body);
  if (!event.success) fail('BAD_REQUEST', 'This is not a Square event.');
  if (!PAYMENT_EVENTS.has(event.data.type)) return null;
  const parsed = squarePaymentEvent.safeParse(body);
  if (!parsed.success) fail('BAD_REQUEST', 'This payment event is incomplete.');
  const { payment } = parsed.data.data.object;
  return {
    eventId: parsed.data.event_id,
    eventType: parsed.data.type,
    referenceId: payment.reference_id,
    paymentId: payment.id,
    status: payment.status,
    refundedCents: payment.refunded_money?.amount ?? 0,
  };
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
        const update = paymentUpdateOf(parseJson(request.body));
        if (update !== null) await services.orders.applyPaymentUpdate(update);
        return { received: true as const };
      },
    });
  });
}
