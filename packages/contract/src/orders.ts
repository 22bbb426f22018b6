/**
 * Checkout and orders on the wire (spec §7 Square/Checkout; product.md "Payments"; security.md
 * W5, W6). The browser sends what it wants to buy, the total it showed and the card token; the
 * server prices the SKU itself, refuses a total that differs, and charges at most once per
 * Idempotency-Key.
 */
import { z } from 'zod';
import { SKUS } from './catalog';
import { userMessage } from './user-message';

/** The header that makes a checkout retry-safe: one fresh key per purchase attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** A UUID or any 8–64 characters of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const quantity = z
  .number()
  .int(userMessage('Please choose a whole number of items.'))
  .min(1, userMessage('Please choose at least one item.'))
  .max(1_000, userMessage('Please choose fewer items.'));

/** The spec's `items`: its legacy display text, or the catalogue lines it names. */
const items = z.union([
  z.string().max(200),
  z.array(z.strictObject({ id: z.enum(SKUS), qty: quantity })).length(1),
]);

export const checkoutRequest = z.strictObject({
  items,
  /** The total the player was shown, '$17.99': a check, never the price charged. */
  total: z.string().regex(/^\$\d{1,3}(,?\d{3})*\.\d{2}$/, userMessage('The total is not valid.')),
  /** The card token of Square's card form (or of the offline test form). */
  paymentToken: z
    .string()
    .min(1, userMessage('Please enter your card details.'))
    .max(512, userMessage('Please enter your card details.')),
  sku: z.enum(SKUS, userMessage('This item is not for sale.')),
  quantity,
});
export type CheckoutRequest = z.input<typeof checkoutRequest>;

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** 'QF-7K3M9X2P4D', as on the receipt and in Square's dashboard. */
export const orderNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^QF-[0-9A-Z]{10}$/, userMessage('Enter an order number such as QF-7K3M9X2P4D.'));

export const orderLine = z.object({
  sku: z.enum(SKUS),
  quantity: z.number().int().positive(),
  /** 'Purchase 16 Credits', 'Game Pack x25', 'Host Pack pre-order'. */
  label: z.string(),
  /** What else the line brings (a Game Pack's soundtracks and lanyards). */
  includes: z.array(z.string()),
});
export type OrderLine = z.infer<typeof orderLine>;

export const publicOrder = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** '$17.99' */
  amount: z.string(),
  credits: z.number().int().nonnegative(),
  lines: z.array(orderLine),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type PublicOrder = z.infer<typeof publicOrder>;

export const checkoutResponse = z.object({
  /** The spec's success text for credits or for items. */
  message: z.string(),
  order: publicOrder,
  /** The player's balance after the purchase: the header shows it at once. */
  credits: z.number().int().nonnegative(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** A Game Pass as its owner sees it on the dashboard ('My Game Passes'). */
const publicGamePass = z.object({
  /** 'GP7K-3M9X-2P4D': redeemable once at /experience-card. */
  code: z.string(),
  orderNumber: z.string(),
  redeemed: z.boolean(),
  /** ISO 8601, UTC; null until redeemed. */
  redeemedAt: z.string().nullable(),
});
export type PublicGamePass = z.infer<typeof publicGamePass>;

/** The dashboard's 'My Orders' and 'My Game Passes' in one answer. */
export const ordersListResponse = z.object({
  orders: z.array(publicOrder),
  gamePasses: z.array(publicGamePass),
  /** The Game Pack's soundtracks are the player's: a paid Game Pack, or a redeemed Game Pass. */
  ownsSoundtracks: z.boolean(),
});
/** @internal Exported for tests. */
export type OrdersListResponse = z.infer<typeof ordersListResponse>;

/** Square's webhook body is read raw: its signature covers the exact bytes. */
export const squareWebhookRequest = z.string();
export const squareWebhookResponse = z.object({ received: z.literal(true) });

/**
 * The spec's mail calls (Orders/ProcessCustomEmail, Orders/ProcessOrderConfirmationEmail) are
 * refused to everyone (403, security.md W24): the server writes its own mails.
 */
export const mailCallRequest = z.unknown();
export const mailCallResponse = z.never();
