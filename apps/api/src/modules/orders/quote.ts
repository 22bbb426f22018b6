/**
 * The price of what a player asks to buy, from the catalogue (security.md W5): the SKU and
 * quantity priced here, the total the player was shown only checked against it.
 */
import {
  CATALOG,
  formatUsd,
  isValidQuantity,
  lineIncludes,
  lineLabel,
  priceCents,
  type CheckoutRequest,
  type OrderLine,
  type Sku,
} from '@questfield/contract';
import { fail } from '../../lib/app-error';

export type Quote = {
  sku: Sku;
  quantity: number;
  amountCents: number;
  credits: number;
  kind: 'credit_pack' | 'quick_buy' | 'game_pack' | 'host_pack';
  lines: OrderLine[];
};

function kindOf(sku: Sku): Quote['kind'] {
  if (sku === 'play-now') return 'quick_buy';
  const kind = CATALOG[sku].kind;
  return kind === 'credits' ? 'credit_pack' : kind === 'game-pack' ? 'game_pack' : 'host_pack';
}

/** The catalogue's answer for what the player asked; 400 for anything it does not sell. */
export function quote(request: CheckoutRequest): Quote {
  const { sku, quantity } = request;
  if (!isValidQuantity(sku, quantity)) fail('BAD_REQUEST', 'This quantity is not for sale.');
  const line = Array.isArray(request.items) ? request.items[0] : undefined;
  if (line !== undefined && (line.id !== sku || line.qty !== quantity)) {
    fail('BAD_REQUEST', 'The items do not match the purchase.');
  }
  const amountCents = priceCents(sku, quantity);
  if (request.total.replaceAll(',', '') !== formatUsd(amountCents).replaceAll(',', '')) {
    fail(
      'PRICE_CHANGED',
      `The price has changed to ${formatUsd(amountCents)}. Please review your order.`,
    );
  }
  return {
    sku,
    quantity,
    amountCents,
    credits: CATALOG[sku].credits * quantity,
    kind: kindOf(sku),
    lines: [
      { sku, quantity, label: lineLabel(sku, quantity), includes: lineIncludes(sku, quantity) },
    ],
  };
}
