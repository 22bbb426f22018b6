import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { creditHistoryQueryOptions } from '@/features/credits/api/get-credit-history';
import { ordersQueryOptions } from '@/features/payments/api/list-orders';
import { applyBalance, applySeat } from '@/lib/balance';
import { SESSION_QUERY_KEY, USER_EVENTS_QUERY_KEY } from '@/lib/query-keys';
import { readGameData } from '@/lib/game-data';
import { testUser } from '@/testing/mock-api';

/** A client holding a session user, a page of credit history and the orders. */
function clientWithQueries(user: typeof testUser | null) {
  const client = new QueryClient();
  client.setQueryData(SESSION_QUERY_KEY, user);
  client.setQueryData(creditHistoryQueryOptions(testUser.id).queryKey, {
    pages: [],
    pageParams: [],
  });
  client.setQueryData(ordersQueryOptions(testUser.id).queryKey, {
    orders: [],
    gamePasses: [],
    ownsSoundtracks: false,
  });
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('a changed balance', () => {
  it('sets it in the session and its storage mirror, and refreshes history and orders', () => {
    const client = clientWithQueries({ ...testUser, credits: 4 });

    applyBalance(client, 20);

    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ ...testUser, credits: 20 });
    expect(localStorage.getItem('credits')).toBe('20');
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(invalidated(client, creditHistoryQueryOptions(testUser.id).queryKey)).toBe(true);
    expect(invalidated(client, ordersQueryOptions(testUser.id).queryKey)).toBe(true);
    expect(invalidated(client, SESSION_QUERY_KEY)).toBe(false);
  });

  it('applies what else the answer changed to the user', () => {
    const client = clientWithQueries({ ...testUser, credits: 4 });
    applyBalance(client, 9, (user) => ({ ...user, firstName: 'Changed' }));
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({
      ...testUser,
      credits: 9,
      firstName: 'Changed',
    });
  });

  it('asks for the session user when the page has none yet', () => {
    const client = clientWithQueries(null);
    applyBalance(client, 9);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(invalidated(client, SESSION_QUERY_KEY)).toBe(true);
    expect(localStorage.getItem('credits')).toBeNull();
  });
});

describe('a seat taken', () => {
  it('keeps the game data, applies the balance and asks for the player’s games again', () => {
    const client = clientWithQueries({ ...testUser, credits: 4 });
    client.setQueryData([...USER_EVENTS_QUERY_KEY, testUser.id], []);
    const gamedata = {
      gametime: '2026-06-01 14:00:00',
      eventid: 'Old Mill District|10:00 AM',
      gamelength: 30,
      redirecturl: 'http://localhost:3000/dashboard',
      homeurl: 'http://localhost:3000/',
    };
    applySeat(client, {
      EventTime: '2026-06-01T14:00:00.000Z',
      gamedata,
      accessCode: 'ABCD-EFGH',
      ticket: 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature',
      registrationId: '0b5e7c1a-3f2d-4e8b-9a6c-1d2e3f4a5b6c',
      cancelCutoffMinutes: 120,
      credits: 2,
      repeated: false,
    });
    expect(readGameData()).toEqual(gamedata);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ ...testUser, credits: 2 });
    expect(invalidated(client, [...USER_EVENTS_QUERY_KEY, testUser.id])).toBe(true);
  });
});
