/** An order as the orders module hands it out: its row and its lines, read with the contract. */
import { formatUsd, orderLine, type OrderLine, type PublicOrder } from '@questfield/contract';
import { z } from 'zod';
import type * as repo from './orders.repository';

export type Order = repo.OrderRow & { lines: OrderLine[] };

/** A stored order's lines, checked against the contract: a row this code did not write fails loudly. */
const orderLines = z.array(orderLine);
export const withLines = (row: repo.OrderRow): Order => ({
  ...row,
  lines: orderLines.parse(row.items),
});

/** The Game Passes an order issues: one per Game Pack it bought. */
export const passCountOf = (order: Order) =>
  order.kind === 'game_pack' ? (order.lines[0]?.quantity ?? 0) : 0;

/** An order as the wire carries it (the player's orders and the console's). */
export function toPublicOrder(order: Order): PublicOrder {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    amount: formatUsd(order.amountCents),
    credits: order.credits,
    lines: order.lines,
    createdAt: order.createdAt.toISOString(),
  };
}
