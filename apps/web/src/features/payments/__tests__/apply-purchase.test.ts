import { MESSAGES } from '@questfield/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { paidAnswer } from './payments-test-utils';
import {
  applyPurchase,
  CREDIT_HISTORY_QUERY_KEY,
  ORDERS_QUERY_KEY,
  SESSION_QUERY_KEY,
} from '../api/checkout';
import { ordersQueryOptions } from '../api/list-orders';
import { describePurchase } from '../purchase';
import { SESSION_QUERY_KEY as ACCOUNTS_SESSION_KEY } from '@/features/accounts/api/get-me';
import { creditHistoryQueryOptions } from '@/features/credits/api/get-credit-history';
import { testUser } from '@/testing/mock-api';

describe('a paid purchase', () => {
  it("uses the accounts' session key and the credits' history key", () => {
    expect(SESSION_QUERY_KEY).toEqual(ACCOUNTS_SESSION_KEY);
    expect(creditHistoryQueryOptions('u-1').queryKey.slice(0, 1)).toEqual(CREDIT_HISTORY_QUERY_KEY);
    expect(ordersQueryOptions('u-1').queryKey.slice(0, 1)).toEqual(ORDERS_QUERY_KEY);
  });

  it('sets the balance in the session and its storage mirror, and refreshes history and orders', () => {
    const client = new QueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { ...testUser, credits: 4 });
    client.setQueryData(creditHistoryQueryOptions(testUser.id).queryKey, {
      pages: [],
      pageParams: [],
    });
    client.setQueryData(ordersQueryOptions(testUser.id).queryKey, {
      orders: [],
      gamePasses: [],
      ownsSoundtracks: false,
    });

    applyPurchase(client, paidAnswer(16, 20));

    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ ...testUser, credits: 20 });
    expect(localStorage.getItem('credits')).toBe('20');
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(state(creditHistoryQueryOptions(testUser.id).queryKey)).toBe(true);
    expect(state(ordersQueryOptions(testUser.id).queryKey)).toBe(true);
    expect(state(SESSION_QUERY_KEY)).toBe(false);
  });
});

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
