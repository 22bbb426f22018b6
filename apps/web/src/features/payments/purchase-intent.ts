import {
  CATALOG,
  isValidQuantity,
  lineLabel,
  priceCents,
  PURCHASE_INTENT_KEYS,
} from '@questfield/contract';
import type { PurchaseRequest } from './purchase';
import { isFreshIntent } from '@/utils/intent-freshness';

/**
 * Purchase intents (spec §3, §4): a visitor who starts a Game Pack purchase, a Play Now purchase
 * or a host pre-order has it kept in sessionStorage while signing in, with the time it was
 * started (`ts`, from Date.now()). After sign-in it is resumed if it is under 5 minutes old
 * (`isFreshIntent`), otherwise discarded; either way it is removed. Only the SKU and
 * quantity are read back: the server prices every order itself, so a stored price is never
 * trusted.
 */

type IntentKey = keyof typeof PURCHASE_INTENT_KEYS;

const INTENT_KEYS = Object.keys(PURCHASE_INTENT_KEYS) as IntentKey[];

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the purchase simply does not resume
  }
}

const dollars = (cents: number) => cents / 100;

/** The spec's shape of each intent: {qty, ts}, {credits, price, ts}, the pre-ordered item. */
function recordOf(request: PurchaseRequest, ts: number): [IntentKey, object] | null {
  switch (request.sku) {
    case 'game-pack':
      return ['pendingGamePack', { qty: request.quantity ?? 1, ts }];
    case 'play-now':
      return [
        'pendingQuickBuy',
        { credits: CATALOG['play-now'].credits, price: dollars(priceCents('play-now', 1)), ts },
      ];
    case 'host-pack':
      return [
        'pendingPreorder',
        {
          id: 'host-pack',
          title: lineLabel('host-pack', 1),
          price: dollars(priceCents('host-pack', 1)),
          ts,
        },
      ];
    default:
      return null;
  }
}

/** The purchase a stored intent asks for, or null when it is not one this page could store. */
function requestOf(
  key: IntentKey,
  value: unknown,
): { request: PurchaseRequest; ts: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const ts = record.ts;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return null;
  switch (key) {
    case 'pendingGamePack': {
      const qty = record.qty;
      if (typeof qty !== 'number' || !isValidQuantity('game-pack', qty)) return null;
      return { request: { sku: 'game-pack', quantity: qty }, ts };
    }
    case 'pendingQuickBuy':
      return { request: { sku: 'play-now' }, ts };
    case 'pendingPreorder':
      return record.id === 'host-pack' ? { request: { sku: 'host-pack' }, ts } : null;
  }
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whether a purchase of this SKU is kept through sign-in (the spec's three intents). */
export function isResumable(request: PurchaseRequest): boolean {
  return recordOf(request, 0) !== null;
}

/**
 * Keeps `request` through sign-in. One intent at a time: starting another purchase replaces the
 * earlier one. Returns false for a purchase that is not kept (a landing-page credit pack).
 */
export function savePurchaseIntent(request: PurchaseRequest, now = Date.now()): boolean {
  const record = recordOf(request, now);
  const store = sessionStore();
  if (record === null || store === null) return false;
  const [key, value] = record;
  try {
    for (const other of INTENT_KEYS) store.removeItem(PURCHASE_INTENT_KEYS[other]);
    store.setItem(PURCHASE_INTENT_KEYS[key], JSON.stringify(value));
    return true;
  } catch {
    return false; // quota or privacy errors
  }
}

/**
 * The purchase to resume: the newest stored intent that is under 5 minutes old at `now`. Every
 * stored intent is removed, the one returned and the stale ones alike.
 */
export function takePurchaseIntent(now = Date.now()): PurchaseRequest | null {
  const store = sessionStore();
  if (store === null) return null;
  let newest: { request: PurchaseRequest; ts: number } | null = null;
  for (const key of INTENT_KEYS) {
    const name = PURCHASE_INTENT_KEYS[key];
    let text: string | null = null;
    try {
      text = store.getItem(name);
      store.removeItem(name);
    } catch {
      continue;
    }
    const intent = requestOf(key, parse(text));
    if (intent === null) continue;
    if (isFreshIntent(intent.ts, now) && (newest === null || intent.ts > newest.ts))
      newest = intent;
  }
  return newest?.request ?? null;
}
