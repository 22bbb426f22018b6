import type { ConsoleOrdersRequest } from '@questfield/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const ORDERS_KEY = ['console-orders'] as const;

type OrdersFilter = Omit<ConsoleOrdersRequest, 'cursor'>;

/** Every order, newest first, a page at a time, narrowed by `filter`. */
function getOrders(filter: OrdersFilter, cursor: string | undefined, signal?: AbortSignal) {
  return callApi('consoleOrders', cursor === undefined ? filter : { ...filter, cursor }, {
    signal,
  });
}

export const ordersQueryOptions = (filter: OrdersFilter) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS_KEY, filter],
    queryFn: ({ pageParam, signal }) => getOrders(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
