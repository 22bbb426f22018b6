import { CATALOG, formatUsd, lineLabel, priceCents, type Sku } from '@questfield/contract';
import { paymentsCopy } from './copy';

/**
 * What a screen asks to buy: a catalogue SKU and how many (1 unless the SKU sells more), and
 * optionally its own title for the dialog (spec §7: "opened with credits, price and an optional
 * label").
 */
export type PurchaseRequest = { sku: Sku; quantity?: number; label?: string };

/** The dialog's title and the total the player is shown (the server charges the same). */
export function describePurchase({ sku, quantity = 1, label }: PurchaseRequest) {
  const line = lineLabel(sku, quantity);
  return {
    title: label ?? (CATALOG[sku].kind === 'credits' ? paymentsCopy.purchaseTitle(line) : line),
    /** '$17.99': shown as 'Total: $17.99' and sent as the checkout's `total`. */
    total: formatUsd(priceCents(sku, quantity)),
    quantity,
  };
}

/**
 * One key per opened dialog (security.md W6): the server charges at most once per key, so a
 * retry after a lost answer cannot charge twice. crypto.randomUUID needs a secure context;
 * plain-http development falls back to 128 random bits in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
