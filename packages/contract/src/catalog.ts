/**
 * The one price list (spec §9), in integer cents, read by the web to show prices and by the
 * server to charge them: the server prices every order from `quote()`, never from a total a
 * browser sends (security.md W5).
 */
import { GAME_PACK_MAX_QTY } from './constants';

const CREDIT_PACK_SKUS = ['credits-16', 'credits-32', 'credits-48', 'credits-64'] as const;
export const SKUS = [...CREDIT_PACK_SKUS, 'play-now', 'game-pack', 'host-pack'] as const;
export type Sku = (typeof SKUS)[number];
export type CreditPackSku = (typeof CREDIT_PACK_SKUS)[number];

/** What an order line grants: credits now, Game Pass codes, or nothing yet (a pre-order). */
type SkuKind = 'credits' | 'game-pack' | 'host-pack';

export type CatalogEntry = {
  sku: Sku;
  kind: SkuKind;
  /** Credits granted per unit at payment ('credits' kind only). */
  credits: number;
  /** Price of one unit; the Game Pack's real price depends on the quantity (`priceCents`). */
  unitPriceCents: number;
  maxQuantity: number;
};

const creditPack = (sku: Sku, credits: number, unitPriceCents: number): CatalogEntry => ({
  sku,
  kind: 'credits',
  credits,
  unitPriceCents,
  maxQuantity: 1,
});

export const CATALOG: Readonly<Record<Sku, CatalogEntry>> = {
  'credits-16': creditPack('credits-16', 16, 1799),
  'credits-32': creditPack('credits-32', 32, 3599),
  'credits-48': creditPack('credits-48', 48, 5399),
  'credits-64': creditPack('credits-64', 64, 7199),
  /** 'Play Now for $17.99' on /promo: 16 credits. */
  'play-now': creditPack('play-now', 16, 1799),
  'game-pack': {
    sku: 'game-pack',
    kind: 'game-pack',
    credits: 0,
    unitPriceCents: 3999,
    maxQuantity: GAME_PACK_MAX_QTY,
  },
  'host-pack': {
    sku: 'host-pack',
    kind: 'host-pack',
    credits: 0,
    unitPriceCents: 35000,
    maxQuantity: 1,
  },
};

export const CREDIT_PACKS: readonly CatalogEntry[] = CREDIT_PACK_SKUS.map((sku) => CATALOG[sku]);

/** Each Game Pack issues one Game Pass code, redeemable once for this many credits. */
export const GAME_PASS_CREDITS = 16;
/**
 * The 7 digital soundtracks a Game Pack brings: its order lists them, and /soundtrack shows
 * them to a player who has bought one.
 */
export const GAME_PACK_SOUNDTRACKS = [
  'Old Mill Overture',
  'Lanterns of the District',
  'The Maze Awakens',
  'Echoes in the Corridors',
  'Race Against the Clock',
  'The Last Key',
  'Victory at Dawn',
] as const;
/** What a Game Pack brings besides its Game Pass (listed on the order). */
export const GAME_PACK_SOUNDTRACK_COUNT = GAME_PACK_SOUNDTRACKS.length;
const GAME_PACK_LANYARD_STYLES = ['A', 'B'] as const;

export const GAME_PACK_QUANTITIES = [1, 25, 50] as const;
/** The listed packs' prices (spec §9), smallest first. */
const GAME_PACK_TIERS = [
  { quantity: 1, cents: 3999 },
  { quantity: 25, cents: 40000 },
  { quantity: 50, cents: 70000 },
] as const;
/** Display price of the Game Pack card in the landing page's item list (spec §9). */
export const GAME_PACK_CARD_PRICE_CENTS = 5000;

/** @internal Exported for tests. */
export function isSku(value: unknown): value is Sku {
  return typeof value === 'string' && (SKUS as readonly string[]).includes(value);
}

export function isValidQuantity(sku: Sku, quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= CATALOG[sku].maxQuantity;
}

/** The price of `quantity` units of `sku`; a RangeError for a quantity the SKU does not sell. */
export function priceCents(sku: Sku, quantity: number): number {
  if (!isValidQuantity(sku, quantity)) {
    throw new RangeError(`Invalid quantity for ${sku}: ${quantity}`);
  }
  return sku === 'game-pack' ? gamePackCents(quantity) : CATALOG[sku].unitPriceCents * quantity;
}

/**
 * A quantity between the listed packs costs the smaller pack plus each extra pack at that
 * pack's unit price, never more than the next listed pack: x2 is $79.98, x26 $416.00, x44 and
 * up $700.00. So the price never falls as the quantity grows (a flat 9.99 for unlisted
 * quantities made x2 cheaper than x1), and no quantity costs more than a larger listed pack.
 */
function gamePackCents(quantity: number): number {
  const base = GAME_PACK_TIERS.findLast((tier) => tier.quantity <= quantity) ?? GAME_PACK_TIERS[0];
  const next = GAME_PACK_TIERS.find((tier) => tier.quantity > quantity);
  const unit = Math.round(base.cents / base.quantity);
  const cents = base.cents + (quantity - base.quantity) * unit;
  return next === undefined ? cents : Math.min(cents, next.cents);
}

/** Whole-percent discount of `quantity` Game Packs against 39.99 × quantity. */
export function gamePackDiscountPercent(quantity: number): number {
  const full = CATALOG['game-pack'].unitPriceCents * quantity;
  return Math.round(((full - priceCents('game-pack', quantity)) / full) * 100);
}

/** How a line reads on the order and the purchase dialog: '16 Credits', 'Game Pack x25'. */
export function lineLabel(sku: Sku, quantity: number): string {
  const entry = CATALOG[sku];
  if (entry.kind === 'credits') return `${entry.credits * quantity} Credits`;
  return entry.kind === 'game-pack' ? `Game Pack x${quantity}` : 'Host Pack pre-order';
}

/** What a line brings besides credits: a Game Pack's passes, soundtracks and lanyards. */
export function lineIncludes(sku: Sku, quantity: number): string[] {
  if (CATALOG[sku].kind !== 'game-pack') return [];
  const passes = quantity === 1 ? '1 Game Pass code' : `${quantity} Game Pass codes`;
  const lanyards = GAME_PACK_LANYARD_STYLES.map((style) => `lanyard style ${style}`).join(' and ');
  return [passes, `${GAME_PACK_SOUNDTRACK_COUNT} soundtracks`, `${quantity} × ${lanyards}`];
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$17.99' from 1799: how every price is shown and the format of the spec's `total`. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
