/**
 * The console's player page in tests: one player, zelda (2 credits, a seat to come, an order, a
 * code redemption), the page opened by a console session (the day to book a seat on answered
 * with DAY_SLOTS), and what was sent where.
 */
import {
  API_ROUTES,
  type ConsolePlayer,
  type ConsoleSession,
  type SeatSource,
} from '@questfield/contract';
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
/** A list's only page. */
export const lastPage = <Row>(entries: Row[]) => ({ entries, nextCursor: null });

export const seat = (startsAt: string, source: SeatSource = 'booked') => ({
  startsAt,
  source,
  bookedAt: '2026-05-20T10:00:00.000Z',
});

/** The games of the day a seat is booked on for the player: one open, one full. */
export const DAY_SLOTS = [
  {
    EventTime: '2026-06-02T14:00:00.000Z',
    SpotsAvailable: 12,
    Capacity: 25,
    event_id: 'Old Mill District|10:00 AM',
  },
  {
    EventTime: '2026-06-02T14:30:00.000Z',
    SpotsAvailable: 0,
    Capacity: 25,
    event_id: 'Old Mill District|10:30 AM',
  },
];

export const order = (orderNumber: string) => ({
  orderNumber,
  status: 'paid' as const,
  amount: '$17.99',
  credits: 16,
  lines: [{ sku: 'credits-16' as const, quantity: 1, label: 'Purchase 16 Credits', includes: [] }],
  createdAt: '2026-05-10T10:00:00.000Z',
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
    upcoming: lastPage([seat('2026-06-02T14:00:00.000Z', 'joined')]),
    past: lastPage([]),
  },
  orders: lastPage([order('QF-7K3M9X2P4D')]),
  gamePasses: lastPage([]),
  redemptions: lastPage([
    {
      label: 'Promo code …WXYZ',
      kind: 'promo',
      credits: 16,
      redeemedAt: '2026-05-11T10:00:00.000Z',
    },
  ]),
  leaderboard: {
    bests: { score: { rank: 3, name: 'zelda', value: 120 }, time: null, distance: null },
    results: lastPage([]),
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
    [API_ROUTES.eventsAvailableTimes.path]: () => ({ body: DAY_SLOTS }),
    ...answers,
  });
  renderApp(PAGE);
  return api;
}

/** The bodies sent to `path`, in order. */
export const sentTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.sent.filter((request) => request.path === path).map((request) => request.body);
