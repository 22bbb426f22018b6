import { PURCHASE_INTENT_WINDOW_MS } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { isFreshIntent } from '../intent-freshness';

const NOW = new Date('2026-06-01T12:00:00.000Z').getTime();

describe('isFreshIntent (spec §4: resumed within 5 minutes)', () => {
  it('is fresh from the moment it starts until just under the window', () => {
    expect(isFreshIntent(NOW, NOW)).toBe(true);
    expect(isFreshIntent(NOW - PURCHASE_INTENT_WINDOW_MS + 1, NOW)).toBe(true);
  });

  it('is stale exactly at the window', () => {
    expect(isFreshIntent(NOW - PURCHASE_INTENT_WINDOW_MS, NOW)).toBe(false);
  });

  it('is stale past the window', () => {
    expect(isFreshIntent(NOW - 60 * 60_000, NOW)).toBe(false);
  });

  it('is not fresh when it claims to start in the future', () => {
    expect(isFreshIntent(NOW + 1, NOW)).toBe(false);
    expect(isFreshIntent(NOW + 60_000, NOW)).toBe(false);
  });

  it('reads the clock when no time is given', () => {
    expect(isFreshIntent(Date.now())).toBe(true);
  });
});
