/**
 * Square's webhook deliveries (security.md W8): a delivery is trusted only when its
 * `x-square-hmacsha256-signature` is the base64 HMAC-SHA256, under the subscription's signature
 * key, of the configured notification URL followed by the raw body, compared in constant time.
 * (The SDK's WebhooksHelper compares with ===, which leaks timing, so it is not used.)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

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

const money = z.object({ amount: z.number().int().nonnegative(), currency: z.string() });

/** The part of a `payment.created` / `payment.updated` event the orders module acts on. */
export const squarePaymentEvent = z.object({
  event_id: z.string().min(1).max(128),
  type: z.string().max(64),
  data: z.object({
    object: z.object({
      payment: z.object({
        id: z.string().min(1).max(64),
        status: z.string().max(32),
        reference_id: z.string().max(64).optional(),
        amount_money: money.optional(),
        refunded_money: money.optional(),
      }),
    }),
  }),
});

/** Any event: its id and type, to deduplicate and to skip the types not handled. */
export const squareEvent = z.object({
  event_id: z.string().min(1).max(128),
  type: z.string().max(64),
});

export type SquarePaymentEvent = z.infer<typeof squarePaymentEvent>;
