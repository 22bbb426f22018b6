/**
 * PAYMENT_PROVIDER=square: CreatePayment through Square's SDK, with the amount, currency,
 * location and idempotency key the server decided. Square's answers become PaymentResults:
 * a COMPLETED payment, a decline by its error code, a reused key, a refused request (nothing
 * charged), or `unknown` when no clear answer came (timeout, 5xx, network), which leaves the
 * order pending for the reconciler, since the card may have been charged.
 */
import type * as SquareSdk from 'square';
import type { SquareClient, SquareError } from 'square';
import type {
  FoundPayment,
  PaymentProvider,
  PaymentRequest,
  PaymentResult,
  RefundRequest,
  RefundResult,
} from './provider';
import { isDeclineCode } from './provider';

export type SquareSettings = {
  accessToken: string;
  environment: 'sandbox' | 'production';
  locationId: string;
  /** Replaces Square's host: the tests' local fake of its API. */
  baseUrl?: string;
  timeoutSeconds?: number;
};

const DEFAULT_TIMEOUT_SECONDS = 20;
/** Payments read (ListPayments, oldest first) when looking for one order's payment. */
const MAX_PAYMENTS_SEARCHED = 1_000;

type Refusal = SquareError & { statusCode: number };

/**
 * Square's SDK: some two thousand modules, so loaded on the first call to Square rather than
 * at start-up (about 0.7 s; the command line and a server on the test provider never load it).
 */
let sdk: typeof SquareSdk | undefined;
async function loadSdk() {
  sdk ??= await import('square');
  return sdk;
}

/** Whether `error` is Square's answer: only once the SDK is loaded can one have come. */
const isSquareError = (error: unknown): error is SquareError =>
  sdk !== undefined && error instanceof sdk.SquareError;

/** Square's clear no (a 4xx): nothing happened. Null when it may have: ask again with the key. */
function refusalOf(error: unknown): Refusal | null {
  if (!isSquareError(error) || error.statusCode === undefined) return null;
  const status = error.statusCode;
  return status >= 500 || status === 429 || status === 408 ? null : (error as Refusal);
}

function unknownOf(error: unknown): { outcome: 'unknown'; detail: string } {
  if (isSquareError(error) && error.statusCode !== undefined) {
    return { outcome: 'unknown', detail: `Square answered ${error.statusCode}` };
  }
  return { outcome: 'unknown', detail: error instanceof Error ? error.message : String(error) };
}

const errorCodes = (error: SquareError) => error.errors.map((item) => String(item.code));

function fromError(error: unknown): PaymentResult {
  const refusal = refusalOf(error);
  if (refusal === null) return unknownOf(error);
  const codes = errorCodes(refusal);
  if (codes.includes('IDEMPOTENCY_KEY_REUSED')) return { outcome: 'key-reused' };
  const decline = codes.find(isDeclineCode);
  if (decline !== undefined) return { outcome: 'declined', code: decline };
  return {
    outcome: 'refused',
    detail: `Square answered ${refusal.statusCode}: ${codes.join(', ')}`,
  };
}

/** A refund Square turned down answers its first error code (e.g. REFUND_AMOUNT_INVALID). */
function refundFromError(error: unknown): RefundResult {
  const refusal = refusalOf(error);
  if (refusal === null) return unknownOf(error);
  return { outcome: 'failed', code: errorCodes(refusal)[0] ?? `HTTP_${refusal.statusCode}` };
}

export function createSquarePaymentProvider(settings: SquareSettings): PaymentProvider {
  let made: Promise<SquareClient> | undefined;
  /** The client, made on the first call (loading the SDK); inside each call's `try`. */
  const squareClient = () =>
    (made ??= loadSdk().then(
      ({ SquareClient, SquareEnvironment }) =>
        new SquareClient({
          token: settings.accessToken,
          ...(settings.baseUrl === undefined
            ? {
                environment:
                  settings.environment === 'production'
                    ? SquareEnvironment.Production
                    : SquareEnvironment.Sandbox,
              }
            : { baseUrl: settings.baseUrl }),
          timeoutInSeconds: settings.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
          // A retry reuses the idempotency key, so it can never charge twice.
          maxRetries: 1,
        }),
    ));

  async function findPayment(referenceId: string, createdAfter: Date): Promise<FoundPayment> {
    try {
      const client = await squareClient();
      const pages = await client.payments.list({
        beginTime: createdAfter.toISOString(),
        locationId: settings.locationId,
        sortOrder: 'ASC',
      });
      let seen = 0;
      for await (const payment of pages) {
        if (payment.referenceId === referenceId && payment.id !== undefined) {
          if (payment.status === 'COMPLETED') {
            return {
              status: 'completed',
              paymentId: payment.id,
              amountCents: Number(payment.amountMoney?.amount ?? 0),
              refundedCents: Number(payment.refundedMoney?.amount ?? 0),
            };
          }
          if (payment.status === 'FAILED' || payment.status === 'CANCELED') {
            return { status: 'failed', paymentId: payment.id };
          }
        }
        seen += 1;
        if (seen >= MAX_PAYMENTS_SEARCHED) break;
      }
      return { status: 'none' };
    } catch (error) {
      return { status: 'unknown', detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** RefundPayment: accepted (PENDING or COMPLETED), turned down, or no clear answer. */
  async function refundPayment(request: RefundRequest): Promise<RefundResult> {
    try {
      const client = await squareClient();
      const { refund } = await client.refunds.refundPayment({
        idempotencyKey: request.idempotencyKey,
        paymentId: request.paymentId,
        amountMoney: { amount: BigInt(request.amountCents), currency: request.currency },
        reason: request.reason,
      });
      const status = refund?.status;
      if (refund?.id !== undefined && (status === 'PENDING' || status === 'COMPLETED')) {
        return { outcome: status === 'PENDING' ? 'pending' : 'completed', refundId: refund.id };
      }
      if (status === 'FAILED' || status === 'REJECTED') return { outcome: 'failed', code: status };
      return { outcome: 'unknown', detail: `refund status ${status ?? 'missing'}` };
    } catch (error) {
      return refundFromError(error);
    }
  }

  return {
    name: 'square',
    findPayment,
    refundPayment,
    async createPayment(request: PaymentRequest): Promise<PaymentResult> {
      try {
        const client = await squareClient();
        const { payment } = await client.payments.create({
          sourceId: request.sourceId,
          idempotencyKey: request.idempotencyKey,
          amountMoney: { amount: BigInt(request.amountCents), currency: request.currency },
          locationId: settings.locationId,
          referenceId: request.referenceId,
          autocomplete: true,
          ...(request.buyerEmail === null ? {} : { buyerEmailAddress: request.buyerEmail }),
        });
        if (payment?.status === 'COMPLETED' && payment.id !== undefined) {
          return {
            outcome: 'completed',
            paymentId: payment.id,
            receiptUrl: payment.receiptUrl ?? null,
          };
        }
        if (payment?.status === 'FAILED') return { outcome: 'declined', code: 'GENERIC_DECLINE' };
        return { outcome: 'unknown', detail: `payment status ${payment?.status ?? 'missing'}` };
      } catch (error) {
        return fromError(error);
      }
    },
  };
}
