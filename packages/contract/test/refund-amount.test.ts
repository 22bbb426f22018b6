/** The refund amount the command line's --amount and the console's field read (ADR 0056). */
import { describe, expect, it } from 'vitest';
import { parseUsdCents, refundOverRemainingMessage } from '../src';

describe('a refund amount in dollars and cents', () => {
  it('reads dollars, with or without cents or a dollar sign', () => {
    expect(parseUsdCents('12.50')).toBe(1250);
    expect(parseUsdCents('12.5')).toBe(1250);
    expect(parseUsdCents(' $7 ')).toBe(700);
    expect(parseUsdCents('0.01')).toBe(1);
    expect(parseUsdCents('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'five', '12.505', '-3', '1,000', '12.', '.5', '1e3']) {
      expect(parseUsdCents(text)).toBeUndefined();
    }
  });

  it('names what is left to refund', () => {
    expect(refundOverRemainingMessage(1299)).toBe('Only $12.99 is left to refund of this order.');
    expect(refundOverRemainingMessage(0)).toBe('Nothing is left to refund of this order.');
  });
});
