/**
 * The one thing checkout asks of a card processor: CreatePayment, idempotent on a key. Two
 * providers implement it: `test` (offline, answers Square's sandbox test nonces as the sandbox
 * does) and `square` (Square's API through its SDK). Checkout never knows which one runs.
 */

export type PaymentRequest = {
  /** Square's idempotency key (1–45 characters): the same key never charges twice. */
  idempotencyKey: string;
  /** The card nonce the browser's card form produced. */
  sourceId: string;
  amountCents: number;
  currency: 'USD';
  /** Our order number, shown in Square's dashboard. */
  referenceId: string;
  buyerEmail: string | null;
};

/** Square's error codes for a card the processor would not charge. */
export type DeclineCode =
  | 'GENERIC_DECLINE'
  | 'CVV_FAILURE'
  | 'ADDRESS_VERIFICATION_FAILURE'
  | 'INVALID_EXPIRATION'
  | 'INSUFFICIENT_FUNDS'
  | 'CARD_TOKEN_USED'
  | 'CARD_TOKEN_EXPIRED'
  | 'INVALID_CARD_DATA';

export type PaymentResult =
  | { outcome: 'completed'; paymentId: string; receiptUrl: string | null }
  | { outcome: 'declined'; code: DeclineCode }
  /** The key was used before with another body: nothing was charged by this request. */
  | { outcome: 'key-reused' }
  /** The processor refused the request itself (e.g. bad credentials): nothing was charged. */
  | { outcome: 'refused'; detail: string }
  /**
   * No answer, or one that does not say what happened (network, 5xx, timeout). The card may
   * have been charged: the order stays pending and the reconciler asks again with the same key.
   */
  | { outcome: 'unknown'; detail: string };

/**
 * A payment found by our reference: how the reconciler learns what became of an order. A
 * refunded payment stays completed at Square, with its refunded amount beside it.
 */
export type FoundPayment =
  | { status: 'completed'; paymentId: string; amountCents: number; refundedCents: number }
  | { status: 'failed'; paymentId: string }
  | { status: 'none' }
  | { status: 'unknown'; detail: string };

/** A full refund of one payment (Square's RefundPayment), idempotent on its key. */
export type RefundRequest = {
  /** 1–45 characters: the same key never refunds twice. */
  idempotencyKey: string;
  paymentId: string;
  amountCents: number;
  currency: 'USD';
  reason: string;
};

export type RefundResult =
  /** Accepted: Square completes most refunds later and says so in `refund.updated`. */
  | { outcome: 'pending' | 'completed'; refundId: string }
  /** Turned down (Square's error code or the refund's FAILED/REJECTED status): nothing refunded. */
  | { outcome: 'failed'; code: string }
  /** No clear answer (network, 5xx, timeout): asking again with the same key is safe. */
  | { outcome: 'unknown'; detail: string };

export type PaymentProvider = {
  readonly name: 'test' | 'square';
  createPayment(request: PaymentRequest): Promise<PaymentResult>;
  /** The payment made for `referenceId` since `createdAfter`, if any. */
  findPayment(referenceId: string, createdAfter: Date): Promise<FoundPayment>;
  refundPayment(request: RefundRequest): Promise<RefundResult>;
};

/** What a player reads after 'Payment failed. ' for each decline. */
const DECLINE_REASONS: Readonly<Record<DeclineCode, string>> = {
  GENERIC_DECLINE: 'Your card was declined. Please use another card.',
  CVV_FAILURE: 'The security code (CVV) was not accepted. Please check it and try again.',
  ADDRESS_VERIFICATION_FAILURE: 'The postal code was not accepted. Please check it and try again.',
  INVALID_EXPIRATION: 'The expiry date was not accepted. Please check it and try again.',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds. Please use another card.',
  CARD_TOKEN_USED: 'This card entry was already used. Please enter your card again.',
  CARD_TOKEN_EXPIRED: 'This card entry has expired. Please enter your card again.',
  INVALID_CARD_DATA: 'The card details are not valid. Please check them and try again.',
};

const DECLINE_CODES = new Set(Object.keys(DECLINE_REASONS));

export function isDeclineCode(code: string): code is DeclineCode {
  return DECLINE_CODES.has(code);
}

/** The reason a failed order shows, from the code it failed with. */
export function failureReason(code: string | null): string {
  return code !== null && isDeclineCode(code)
    ? DECLINE_REASONS[code]
    : 'The payment could not be processed. Please try again later.';
}
