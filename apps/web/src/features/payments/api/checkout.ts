import {
  IDEMPOTENCY_KEY_HEADER,
  type CheckoutRequest,
  type CheckoutResponse,
} from '@questfield/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '@/lib/api-client';
import { applyBalance } from '@/lib/balance';

/**
 * Square/Checkout: the card token and what to buy, under the dialog's Idempotency-Key. The
 * server prices the SKU itself, charges once per key, and answers the new balance.
 */
function checkout(body: CheckoutRequest, idempotencyKey: string, signal?: AbortSignal) {
  return callApi('squareCheckout', body, {
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** A paid purchase: the answered balance becomes the session user's, history and orders refresh. */
function applyPurchase(client: QueryClient, result: CheckoutResponse): void {
  applyBalance(client, result.credits);
}

/** The checkout, then what a paid purchase changes in the page. */
export function useCheckout() {
  const client = useQueryClient();
  return useCallback(
    async (body: CheckoutRequest, idempotencyKey: string, signal?: AbortSignal) => {
      const result = await checkout(body, idempotencyKey, signal);
      applyPurchase(client, result);
      return result;
    },
    [client],
  );
}
