/**
 * The server-owned price list (spec §9), in integer cents. The web shows these values; the
 * server charges only what `priceCents` computes, never a total sent by a browser.
 */
import { GAME_PACK_MAX_QTY } from './constants';

export type CreditPack = { id: string; priceCents: number; credits: number };

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'credits-16', priceCents: 1799, credits: 16 },
  { id: 'credits-32', priceCents: 3599, credits: 32 },
  { id: 'credits-48', priceCents: 5399, credits: 48 },
  { id: 'credits-64', priceCents: 7199, credits: 64 },
];

/** 'Play Now for $17.99' on /promo gives 16 credits. */
export const QUICK_BUY: CreditPack = { id: 'quick-buy', priceCents: 1799, credits: 16 };

/** A Game Pack gives 16 credits, 7 soundtracks and two lanyards (styles A and B). */
export const GAME_PACK_CREDITS = 16;
export const GAME_PACK_UNIT_CENTS = 3999;
export const GAME_PACK_OTHER_QTY_UNIT_CENTS = 999;
export const GAME_PACK_FIXED_PRICES_CENTS: Readonly<Record<number, number>> = {
  1: 3999,
  25: 40000,
  50: 70000,
};
export const GAME_PACK_QUANTITIES = [1, 25, 50] as const;
/** Display price of the Game Pack card in the picker. */
export const GAME_PACK_CARD_PRICE_CENTS = 5000;

export const HOST_PACK_PRICE_CENTS = 35000;
/** Multiplayer card price, in credits. */
export const MULTIPLAYER_CARD_PRICE_CREDITS = 2;

export function isValidGamePackQty(qty: number): boolean {
  return Number.isInteger(qty) && qty >= 1 && qty <= GAME_PACK_MAX_QTY;
}

/** Game Pack price: fixed for x1, x25 and x50, otherwise 9.99 × quantity. */
export function gamePackPriceCents(qty: number): number {
  if (!isValidGamePackQty(qty)) throw new RangeError(`Invalid Game Pack quantity: ${qty}`);
  return GAME_PACK_FIXED_PRICES_CENTS[qty] ?? GAME_PACK_OTHER_QTY_UNIT_CENTS * qty;
}

/** Whole-percent discount shown against 39.99 × quantity. */
export function gamePackDiscountPercent(qty: number): number {
  const full = GAME_PACK_UNIT_CENTS * qty;
  return Math.round(((full - gamePackPriceCents(qty)) / full) * 100);
}

/** '$17.99' from 1799; the format the spec's checkout `total` uses. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
