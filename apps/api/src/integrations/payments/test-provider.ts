/**
 * PAYMENT_PROVIDER=test: Square's sandbox without the network. It answers Square's documented
 * test nonces as the sandbox's CreatePayment does, idempotency included: the same key with the
 * same request answers the first result again, with another request `key-reused`. Payments are
 * kept in memory, like a sandbox account seen from one process. RefundPayment completes a full
 * refund at once, refuses a payment it does not know (NOT_FOUND) or one already refunded
 * (REFUND_AMOUNT_INVALID), and turns refunds down (REFUND_DECLINED) while `declineRefunds` is
 * set, as a seller's account without the funds would.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_NONCES } from '@questfield/contract';
import type {
  DeclineCode,
  FoundPayment,
  PaymentProvider,
  PaymentRequest,
  PaymentResult,
  RefundRequest,
  RefundResult,
} from './provider';

const NONCE_DECLINES: Readonly<Record<string, DeclineCode>> = {
  [SANDBOX_NONCES.declined]: 'GENERIC_DECLINE',
  [SANDBOX_NONCES.rejectedCvv]: 'CVV_FAILURE',
  [SANDBOX_NONCES.rejectedPostalCode]: 'ADDRESS_VERIFICATION_FAILURE',
  [SANDBOX_NONCES.rejectedExpiration]: 'INVALID_EXPIRATION',
  [SANDBOX_NONCES.alreadyUsed]: 'CARD_TOKEN_USED',
};

const RECEIPT_BASE = 'https://squareupsandbox.com/receipt/preview/';

/** Square payment ids are 22–29 characters of base62; these look alike. */
function paymentId(): string {
  return randomBytes(18).toString('base64url').replace(/[-_]/g, 'Q').slice(0, 24);
}

function fingerprint(request: PaymentRequest): string {
  const { idempotencyKey: _key, ...body } = request;
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

function answer(request: PaymentRequest): PaymentResult {
  const decline = NONCE_DECLINES[request.sourceId];
  if (decline !== undefined) return { outcome: 'declined', code: decline };
  if (request.sourceId !== SANDBOX_NONCES.ok)
    return { outcome: 'declined', code: 'INVALID_CARD_DATA' };
  const id = paymentId();
  return { outcome: 'completed', paymentId: id, receiptUrl: `${RECEIPT_BASE}${id}` };
}

export type TestPaymentProvider = PaymentProvider & {
  /** Requests that reached the processor with a new key (a real charge attempt each). */
  readonly charges: readonly PaymentRequest[];
  /** Refunds a completed payment in full, as the seller's dashboard would; false if none. */
  refund(referenceId: string): boolean;
  /** RefundPayment requests that reached the processor with a new key. */
  readonly refunds: readonly RefundRequest[];
  /** While true, every new refund is turned down with REFUND_DECLINED. */
  declineRefunds: boolean;
};

export function createTestPaymentProvider(): TestPaymentProvider {
  const byKey = new Map<string, { fingerprint: string; result: PaymentResult }>();
  const charges: PaymentRequest[] = [];
  const byReference = new Map<string, FoundPayment>();
  const refunds: RefundRequest[] = [];
  const refundsByKey = new Map<string, RefundResult>();

  function answerRefund(request: RefundRequest): RefundResult {
    const entry = [...byReference].find(
      ([, found]) => found.status === 'completed' && found.paymentId === request.paymentId,
    );
    const found = entry?.[1];
    if (entry === undefined || found?.status !== 'completed') {
      return { outcome: 'failed', code: 'NOT_FOUND' };
    }
    if (provider.declineRefunds) return { outcome: 'failed', code: 'REFUND_DECLINED' };
    if (found.refundedCents + request.amountCents > found.amountCents) {
      return { outcome: 'failed', code: 'REFUND_AMOUNT_INVALID' };
    }
    byReference.set(entry[0], {
      ...found,
      refundedCents: found.refundedCents + request.amountCents,
    });
    return { outcome: 'completed', refundId: `${request.paymentId}_${paymentId()}` };
  }

  const provider: TestPaymentProvider = {
    name: 'test',
    charges,
    refunds,
    declineRefunds: false,
    async refundPayment(request) {
      const seen = refundsByKey.get(request.idempotencyKey);
      if (seen !== undefined) return seen;
      refunds.push(request);
      const result = answerRefund(request);
      refundsByKey.set(request.idempotencyKey, result);
      return result;
    },
    async findPayment(referenceId) {
      return byReference.get(referenceId) ?? { status: 'none' };
    },
    refund(referenceId) {
      const found = byReference.get(referenceId);
      if (found?.status !== 'completed') return false;
      byReference.set(referenceId, { ...found, refundedCents: found.amountCents });
      return true;
    },
    async createPayment(request) {
      const seen = byKey.get(request.idempotencyKey);
      if (seen !== undefined) {
        return seen.fingerprint === fingerprint(request) ? seen.result : { outcome: 'key-reused' };
      }
      charges.push(request);
      const result = answer(request);
      byKey.set(request.idempotencyKey, { fingerprint: fingerprint(request), result });
      if (result.outcome === 'completed') {
        byReference.set(request.referenceId, {
          status: 'completed',
          paymentId: result.paymentId,
          amountCents: request.amountCents,
          refundedCents: 0,
        });
      }
      return result;
    },
  };
  return provider;
}
