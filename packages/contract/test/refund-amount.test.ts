/** The refund amount the command line's --amount and the console's field read (ADR 0056), and its key. */
import { describe, expect, it } from 'vitest';
import { operatorCommand, parseUsdCents, refundOverRemainingMessage } from '../src';

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

describe("an admin's refund key", () => {
  const refund = (requestKey: string) =>
    operatorCommand.safeParse({
      command: 'orders refund',
      orderNumber: 'QF-7K3M9X2P4D',
      requestKey,
      reason: 'Duplicate charge',
    });

  it("takes the console's keys and never one naming a refund made before keys (ADR 0064)", () => {
    expect(refund('5b0f4a52-3c1e-4a8e-9a53-3f3c2b9d1e77').success).toBe(true);
    for (const key of ['full:5b0f4a52', 'square:5b0f4a52']) {
      expect(refund(key).error?.issues[0]?.message).toBe(
        'A refund key may not start with full: or square:.',
      );
    }
  });
});
