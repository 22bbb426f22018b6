/**
 * The console's player page in tests: one player, zelda (2 credits, a seat to come, an order, a
 * code redemption), the page opened by a console session, and what was sent where.
 */
import { API_ROUTES, type ConsolePlayer, type ConsoleSession } from '@questfield/contract';
import { mockApi, testUser, testConsoleSession } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

export const PLAYER_ID = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';
const PAGE = `/operator/players/${PLAYER_ID}`;

export const posting = (id: number, delta: number, balanceAfter: number) => ({
  id: String(id),
  at: '2026-05-20T10:00:00.000Z',
  reason: 'admin' as const,
  delta,
  balanceAfter,
  orderNumber: null,
  note: `note ${id}`,
});
export const player = (
  balance = 2,
  profile: Partial<ConsolePlayer['profile']> = {},
): ConsolePlayer => ({
  profile: {
    id: PLAYER_ID,
    username: 'zelda',
    email: 'zelda@example.com',
    role: 'player',
    createdAt: '2026-05-01T10:00:00.000Z',
    twoFactorEnabled: false,
    ...profile,
  },
  balance,
  creditLimit: 10,
  creditHistory: { entries: [posting(3, 2, balance)], nextCursor: '3' },
  bookings: {
    upcoming: [
      {
        startsAt: '2026-06-02T14:00:00.000Z',
        source: 'joined',
        bookedAt: '2026-05-20T10:00:00.000Z',
      },
    ],
    past: [],
  },
  orders: [
    {
      orderNumber: 'QF-7K3M9X2P4D',
      status: 'paid',
      amount: '$17.99',
      credits: 16,
      lines: [{ sku: 'credits-16', quantity: 1, label: 'Purchase 16 Credits', includes: [] }],
      createdAt: '2026-05-10T10:00:00.000Z',
    },
  ],
  gamePasses: [],
  redemptions: [
    {
      label: 'Promo code …WXYZ',
      kind: 'promo',
      credits: 16,
      redeemedAt: '2026-05-11T10:00:00.000Z',
    },
  ],
  leaderboard: {
    bests: { score: { rank: 3, name: 'zelda', value: 120 }, time: null, distance: null },
    results: [],
  },
});

/**
 * The console of `session` (staff unless given) on the player's page, answering with `answers`
 * besides the page itself (`page`).
 */
export function openPlayerPage(
  answers: Parameters<typeof mockApi>[0] = {},
  {
    page = player(),
    session = testConsoleSession(),
  }: { page?: ConsolePlayer; session?: ConsoleSession } = {},
) {
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: session }),
    [API_ROUTES.consolePlayer.path]: () => ({ body: page }),
    ...answers,
  });
  renderApp(PAGE);
  return api;
}

/** The bodies sent to `path`, in order. */
export const sentTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.sent.filter((request) => request.path === path).map((request) => request.body);
