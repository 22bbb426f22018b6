import {
  IDEMPOTENCY_KEY_HEADER,
  type CheckoutRequest,
  type CheckoutResponse,
} from '@questfield/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CREDIT_HISTORY_QUERY_KEY, ORDERS_QUERY_KEY, SESSION_QUERY_KEY } from '../query-keys';
import { callApi } from '@/lib/api-client';
import { writeStoredUser, type SessionUser } from '@/lib/session';

/**
 * Square/Checkout: the card token and what to buy, under the dialog's Idempotency-Key. The
 * server prices the SKU itself, charges once per key, and answers the new balance.
 */
export function checkout(body: CheckoutRequest, idempotencyKey: string, signal?: AbortSignal) {
  return callApi('squareCheckout', body, {
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Kept here too for the code that imports them with the checkout. */
export { CREDIT_HISTORY_QUERY_KEY, ORDERS_QUERY_KEY, SESSION_QUERY_KEY };

/**
 * A paid purchase: the balance the server answered becomes the session user's (the header's
 * Credits and the dashboard read it) and the local-storage mirror's, as any answer that carries
 * the user does; the credit history and the orders are asked again.
 */
export function applyPurchase(client: QueryClient, result: CheckoutResponse): void {
  void client.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  const user = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  if (user) {
    const updated: SessionUser = { ...user, credits: result.credits };
    writeStoredUser(updated);
    client.setQueryData(SESSION_QUERY_KEY, updated);
  } else {
    void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }
  void client.invalidateQueries({ queryKey: CREDIT_HISTORY_QUERY_KEY });
  void client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
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
