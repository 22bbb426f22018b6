import type { PublicOrder } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ordersQueryOptions } from '../api/list-orders';

/**
 * The signed-in player's orders and Game Passes (Orders/List): every component that shows them
 * shares one request. `userId` null (a visitor, or a session still being checked) asks nothing.
 */
export function useOrders(userId: string | null) {
  return useQuery({ ...ordersQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** Whether the player owns a Game Pack: a paid order with a Game Pack line. */
export function ownsGamePack(orders: readonly PublicOrder[]): boolean {
  return orders.some(
    (order) => order.status === 'paid' && order.lines.some((line) => line.sku === 'game-pack'),
  );
}
