import { describe, expect, it } from 'vitest';
import {
  formatUsd,
  gamePackDiscountPercent,
  gamePackPriceCents,
  isValidGamePackQty,
} from '../src/catalog';

describe('Game Pack pricing (spec §9)', () => {
  it('uses the fixed prices for x1, x25 and x50', () => {
    expect(gamePackPriceCents(1)).toBe(3999);
    expect(gamePackPriceCents(25)).toBe(40000);
    expect(gamePackPriceCents(50)).toBe(70000);
  });

  it('charges 9.99 per pack for any other quantity', () => {
    expect(gamePackPriceCents(2)).toBe(1998);
    expect(gamePackPriceCents(49)).toBe(48951);
  });

  it('refuses quantities outside 1..50 and fractions', () => {
    for (const qty of [0, -1, 51, 1.5, Number.NaN]) {
      expect(isValidGamePackQty(qty)).toBe(false);
      expect(() => gamePackPriceCents(qty)).toThrow(RangeError);
    }
  });

  it('shows the discount against 39.99 × quantity', () => {
    expect(gamePackDiscountPercent(1)).toBe(0);
    expect(gamePackDiscountPercent(25)).toBe(60);
    expect(gamePackDiscountPercent(50)).toBe(65);
  });
});

describe('formatUsd', () => {
  it('renders cents as the spec total text', () => {
    expect(formatUsd(1799)).toBe('$17.99');
    expect(formatUsd(40000)).toBe('$400.00');
    expect(formatUsd(5)).toBe('$0.05');
  });
});
