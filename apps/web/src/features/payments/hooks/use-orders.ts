import { useQuery } from '@tanstack/react-query';
import { ordersQueryOptions } from '../api/list-orders';

/**
 * The signed-in player's orders and Game Passes (Orders/List): every component that shows them
 * shares one request. `userId` null (a visitor, or a session still being checked) asks nothing.
 */
export function useOrders(userId: string | null) {
  return useQuery({ ...ordersQueryOptions(userId ?? ''), enabled: userId !== null });
}
