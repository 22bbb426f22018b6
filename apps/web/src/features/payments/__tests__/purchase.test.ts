import { MESSAGES } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { describePurchase } from '../purchase';

describe('describePurchase', () => {
  it("titles credit packs 'Purchase n Credits' and items by their label", () => {
    expect(describePurchase({ sku: 'credits-48' })).toMatchObject({
      title: 'Purchase 48 Credits',
      total: '$53.99',
    });
    expect(describePurchase({ sku: 'play-now' })).toMatchObject({
      title: 'Purchase 16 Credits',
      total: '$17.99',
    });
    expect(describePurchase({ sku: 'game-pack', quantity: 50 })).toMatchObject({
      title: 'Game Pack x50',
      total: '$700.00',
    });
    expect(describePurchase({ sku: 'host-pack', label: 'Pre-order the Host Pack' })).toMatchObject({
      title: 'Pre-order the Host Pack',
      total: '$350.00',
    });
    expect(MESSAGES.paymentFailedPrefix).toBe('Payment failed. ');
  });
});
