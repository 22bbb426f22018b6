import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  CREDIT_PACKS,
  formatUsd,
  GAME_PACK_QUANTITIES,
  GAME_PACK_SOUNDTRACK_COUNT,
  GAME_PACK_SOUNDTRACKS,
  gamePackDiscountPercent,
  isSku,
  isValidQuantity,
  lineIncludes,
  lineLabel,
  priceCents,
  SKUS,
} from '../src/catalog';
import { GAME_PACK_MAX_QTY } from '../src/constants';

describe('the catalogue (spec §9)', () => {
  it('sells the four credit packs at their prices', () => {
    expect(CREDIT_PACKS.map((pack) => [pack.sku, pack.credits, priceCents(pack.sku, 1)])).toEqual([
      ['credits-16', 16, 1799],
      ['credits-32', 32, 3599],
      ['credits-48', 48, 5399],
      ['credits-64', 64, 7199],
    ]);
  });

  it('prices Play Now as 16 credits for $17.99 and the Host Pack at $350', () => {
    expect([CATALOG['play-now'].credits, priceCents('play-now', 1)]).toEqual([16, 1799]);
    expect(priceCents('host-pack', 1)).toBe(35000);
  });

  it('sells one unit of everything but the Game Pack', () => {
    for (const sku of SKUS.filter((sku) => sku !== 'game-pack')) {
      expect(isValidQuantity(sku, 1)).toBe(true);
      expect(isValidQuantity(sku, 2)).toBe(false);
    }
  });

  it('knows its SKUs and nothing else', () => {
    expect(SKUS.every(isSku)).toBe(true);
    for (const value of ['quick-buy', 'CREDITS-16', '', null, 16, '__proto__', 'toString']) {
      expect(isSku(value)).toBe(false);
    }
  });
});

describe('Game Pack pricing', () => {
  it('uses the fixed prices for x1, x25 and x50', () => {
    expect(priceCents('game-pack', 1)).toBe(3999);
    expect(priceCents('game-pack', 25)).toBe(40000);
    expect(priceCents('game-pack', 50)).toBe(70000);
  });

  it('prices a quantity between listed packs from the smaller one, capped at the next', () => {
    expect(priceCents('game-pack', 2)).toBe(7998);
    expect(priceCents('game-pack', 10)).toBe(39990);
    expect(priceCents('game-pack', 11)).toBe(40000);
    expect(priceCents('game-pack', 26)).toBe(41600);
    expect(priceCents('game-pack', 43)).toBe(68800);
    expect(priceCents('game-pack', 44)).toBe(70000);
    expect(priceCents('game-pack', 49)).toBe(70000);
  });

  it('never costs less for more packs, nor more than a larger listed pack', () => {
    for (let quantity = 1; quantity < GAME_PACK_MAX_QTY; quantity += 1) {
      const price = priceCents('game-pack', quantity);
      expect(priceCents('game-pack', quantity + 1), `x${quantity + 1}`).toBeGreaterThanOrEqual(
        price,
      );
      for (const listed of GAME_PACK_QUANTITIES.filter((q) => q > quantity)) {
        expect(price, `x${quantity} against x${listed}`).toBeLessThanOrEqual(
          priceCents('game-pack', listed),
        );
      }
    }
  });

  it.each([0, -1, 51, 1.5, Number.NaN, 1e9])('refuses quantity %s', (quantity) => {
    expect(isValidQuantity('game-pack', quantity)).toBe(false);
    expect(() => priceCents('game-pack', quantity)).toThrow(RangeError);
  });

  it('shows the discount against 39.99 × quantity', () => {
    expect(gamePackDiscountPercent(1)).toBe(0);
    expect(gamePackDiscountPercent(25)).toBe(60);
    expect(gamePackDiscountPercent(50)).toBe(65);
  });
});

describe('order lines', () => {
  it('labels credits by their count and items by name', () => {
    expect(lineLabel('credits-48', 1)).toBe('48 Credits');
    expect(lineLabel('play-now', 1)).toBe('16 Credits');
    expect(lineLabel('game-pack', 25)).toBe('Game Pack x25');
    expect(lineLabel('host-pack', 1)).toBe('Host Pack pre-order');
  });

  it('lists what a Game Pack brings', () => {
    expect(lineIncludes('game-pack', 25)).toEqual([
      '25 Game Pass codes',
      '7 soundtracks',
      '25 × lanyard style A and lanyard style B',
    ]);
    expect(lineIncludes('credits-16', 1)).toEqual([]);
  });

  it('names the 7 soundtracks a Game Pack brings, each once', () => {
    expect(GAME_PACK_SOUNDTRACKS).toHaveLength(7);
    expect(new Set(GAME_PACK_SOUNDTRACKS).size).toBe(7);
    expect(GAME_PACK_SOUNDTRACK_COUNT).toBe(7);
  });
});

describe('formatUsd', () => {
  it('formats cents as US dollars', () => {
    expect(formatUsd(1799)).toBe('$17.99');
    expect(formatUsd(40000)).toBe('$400.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });
});
