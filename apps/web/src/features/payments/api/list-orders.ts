import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

/** Orders/List: the session user's orders and Game Passes, newest first. */
function listOrders(signal?: AbortSignal) {
  return callApi('ordersList', {}, { signal });
}

/** Keyed by the user; a paid checkout invalidates every `['orders', …]` query. */
export const ordersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, userId],
    queryFn: ({ signal }) => listOrders(signal),
    staleTime: 0,
  });
