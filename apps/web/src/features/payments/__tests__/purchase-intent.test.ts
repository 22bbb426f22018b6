import { PURCHASE_INTENT_WINDOW_MS, PURCHASE_INTENT_KEYS } from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isResumable, savePurchaseIntent, takePurchaseIntent } from '../purchase-intent';

const T0 = new Date('2026-06-01T12:00:00.000Z').getTime();

function stored(): Record<string, unknown> {
  const entries: Record<string, unknown> = {};
  for (const key of Object.values(PURCHASE_INTENT_KEYS)) {
    const text = sessionStorage.getItem(key);
    if (text !== null) entries[key] = JSON.parse(text);
  }
  return entries;
}

describe('purchase intents (spec §3, §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it("stores each intent under the spec's key and shape, with the time it was started", () => {
    expect(savePurchaseIntent({ sku: 'game-pack', quantity: 25 })).toBe(true);
    expect(stored()).toEqual({ pendingGamePack: { qty: 25, ts: T0 } });

    expect(savePurchaseIntent({ sku: 'play-now' })).toBe(true);
    expect(stored()).toEqual({ pendingQuickBuy: { credits: 16, price: 17.99, ts: T0 } });

    expect(savePurchaseIntent({ sku: 'host-pack' })).toBe(true);
    expect(stored()).toEqual({
      pendingPreorder: { id: 'host-pack', title: 'Host Pack pre-order', price: 350, ts: T0 },
    });
  });

  it('keeps only the Game Pack, Play Now and pre-order purchases', () => {
    expect(isResumable({ sku: 'credits-16' })).toBe(false);
    expect(savePurchaseIntent({ sku: 'credits-16' })).toBe(false);
    expect(stored()).toEqual({});
    expect(isResumable({ sku: 'play-now' })).toBe(true);
  });

  it('resumes an intent under 5 minutes old and removes it once used', () => {
    savePurchaseIntent({ sku: 'game-pack', quantity: 50 });
    vi.advanceTimersByTime(PURCHASE_INTENT_WINDOW_MS - 1);

    expect(takePurchaseIntent()).toEqual({ sku: 'game-pack', quantity: 50 });
    expect(stored()).toEqual({});
    expect(takePurchaseIntent()).toBeNull();
  });

  it('discards an intent 5 minutes old or older', () => {
    savePurchaseIntent({ sku: 'play-now' });
    vi.advanceTimersByTime(PURCHASE_INTENT_WINDOW_MS);

    expect(takePurchaseIntent()).toBeNull();
    expect(stored()).toEqual({});

    savePurchaseIntent({ sku: 'host-pack' });
    vi.advanceTimersByTime(60 * 60_000);
    expect(takePurchaseIntent()).toBeNull();
    expect(stored()).toEqual({});
  });

  it('takes the newest of several intents and drops the others', () => {
    sessionStorage.setItem(
      'pendingQuickBuy',
      JSON.stringify({ credits: 16, price: 17.99, ts: T0 }),
    );
    sessionStorage.setItem('pendingGamePack', JSON.stringify({ qty: 25, ts: T0 + 1_000 }));
    vi.advanceTimersByTime(2_000);

    expect(takePurchaseIntent()).toEqual({ sku: 'game-pack', quantity: 25 });
    expect(stored()).toEqual({});
  });

  it('starting another purchase replaces the earlier intent', () => {
    savePurchaseIntent({ sku: 'play-now' });
    vi.advanceTimersByTime(1_000);
    savePurchaseIntent({ sku: 'game-pack', quantity: 1 });
    expect(stored()).toEqual({ pendingGamePack: { qty: 1, ts: T0 + 1_000 } });
  });

  it.each([
    ['malformed JSON', 'pendingGamePack', '{qty:'],
    ['a quantity the catalogue does not sell', 'pendingGamePack', { qty: 51, ts: T0 }],
    ['a fractional quantity', 'pendingGamePack', { qty: 1.5, ts: T0 }],
    ['no timestamp', 'pendingQuickBuy', { credits: 16, price: 17.99 }],
    [
      'a timestamp in the future',
      'pendingQuickBuy',
      { credits: 16, price: 17.99, ts: T0 + 60_000 },
    ],
    ['another item', 'pendingPreorder', { id: 'credits-64', price: 0.01, ts: T0 }],
  ])('discards an intent with %s', (_, key, value) => {
    sessionStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    expect(takePurchaseIntent()).toBeNull();
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('ignores a stored price: the purchase is the catalogue SKU, priced by the server', () => {
    sessionStorage.setItem(
      'pendingQuickBuy',
      JSON.stringify({ credits: 999, price: 0.01, ts: T0 }),
    );
    expect(takePurchaseIntent()).toEqual({ sku: 'play-now' });
  });
});
