/**
 * Square's webhook deliveries (security.md W8): a delivery is trusted only when its
 * `x-square-hmacsha256-signature` is the base64 HMAC-SHA256, under the subscription's signature
 * key, of the configured notification URL followed by the raw body, compared in constant time.
 * (The SDK's WebhooksHelper compares with ===, which leaks timing, so it is not used.)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

/** @internal Exported for tests. */
export function squareSignature(signatureKey: string, notificationUrl: string, rawBody: string) {
  return createHmac('sha256', signatureKey)
    .update(notificationUrl + rawBody)
    .digest('base64');
}

export function isSquareSignatureValid(input: {
  signatureKey: string;
  notificationUrl: string;
  rawBody: string;
  signature: string | undefined;
}): boolean {
  if (input.signature === undefined) return false;
  const expected = Buffer.from(
    squareSignature(input.signatureKey, input.notificationUrl, input.rawBody),
  );
  const given = Buffer.from(input.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Ids and names as Square writes them: printable ASCII. Anything else (a NUL byte, which
 * Postgres refuses in text) is not from Square and is refused before the database sees it.
 */
const token = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/);

const money = z.object({ amount: z.number().int().nonnegative(), currency: token(3) });

/** The part of a `payment.created` / `payment.updated` event the orders module acts on. */
export const squarePaymentEvent = z.object({
  event_id: token(128),
  type: token(64),
  data: z.object({
    object: z.object({
      payment: z.object({
        id: token(64),
        status: token(32),
        reference_id: token(64).optional(),
        amount_money: money.optional(),
        refunded_money: money.optional(),
      }),
    }),
  }),
});

/** A `dispute.*` event (a chargeback): the dispute and the payment it challenges. */
export const squareDisputeEvent = z.object({
  event_id: token(128),
  type: token(64),
  data: z.object({
    object: z.object({
      object: z.object({
        id: token(64),
        state: token(64),
        reason: token(64).optional(),
        amount_money: money.optional(),
        disputed_payment: z.object({ payment_id: token(64) }),
      }),
    }),
  }),
});

/** A `refund.created` / `refund.updated` event: one refund of one of our payments. */
export const squareRefundEvent = z.object({
  event_id: token(128),
  type: token(64),
  data: z.object({
    object: z.object({
      refund: z.object({
        id: token(128),
        status: token(32),
        payment_id: token(64),
        amount_money: money,
      }),
    }),
  }),
});

/** Any event: its id and type, to deduplicate and to skip the types not handled. */
export const squareEvent = z.object({ event_id: token(128), type: token(64) });
