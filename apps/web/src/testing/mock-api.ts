import {
  API_ROUTES,
  APP_NAME,
  APP_VERSION,
  CSRF_HEADER,
  ERRORS,
  type ConsoleSession,
  type ConsoleToday,
  type PublicConfig,
  type PublicUser,
  type VenueDetails,
} from '@questfield/contract';
import { http, HttpResponse } from 'msw';
import { mswServer } from './msw-server';

export type MockAnswer = { status?: number; body?: unknown } | Response;
type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

/** The live channel of the test settings: it answers (mockApi), unless a test says otherwise. */
export const TEST_LIVE_CHANNEL = 'https://player.example.com/embed/live';

/** The server's public settings as a test server would send them. */
export const testConfig = (overrides: Partial<PublicConfig> = {}): PublicConfig => ({
  appname: APP_NAME,
  appversion: APP_VERSION,
  gameOrigin: 'http://localhost:5174',
  resultsHosts: [],
  livestreamUrl: TEST_LIVE_CHANNEL,
  groupChatUrl: 'https://chat.example.org/questfield',
  multiplayerEnabled: true,
  paymentProvider: 'test',
  squareApplicationId: null,
  squareLocationId: null,
  ...overrides,
});

export const testUser: PublicUser = {
  id: 'u-1',
  userId: 'u-1',
  username: 'ada',
  firstName: '',
  lastName: '',
  email: 'ada@example.com',
  phone: '',
  credits: 0,
  redeemedCodes: [],
  reminderEmails: true,
};

/** An operator's console session as the server answers it: staff, two-factor passed. */
export const testConsoleSession = (overrides: Partial<ConsoleSession> = {}): ConsoleSession => ({
  username: 'ada',
  role: 'staff',
  twoFactorEnabled: true,
  twoFactorPassed: true,
  reauthUntil: null,
  recoveryCodesLeft: 10,
  ...overrides,
});

/** The console's "Today" as the server answers it: a day without games, money or worries. */
export const testConsoleToday = (overrides: Partial<ConsoleToday> = {}): ConsoleToday => ({
  day: '2026-06-01',
  timeZone: 'America/New_York',
  games: [],
  nextGame: null,
  sales: { count: 0, cents: 0 },
  refunds: { count: 0, cents: 0 },
  needsAttention: { flaggedOrders: 0, failedMails: 0, lapsingOffers: 0 },
  ...overrides,
});

/** The venue as GET /api/Venue answers it: New York's clock, 12-hour, unless given. */
export const testVenue = (overrides: Partial<VenueDetails> = {}): VenueDetails => ({
  name: 'Old Mill District',
  address: '',
  contactEmail: 'hello@questfield.example',
  contactPhone: '',
  timeZone: 'America/New_York',
  hourCycle: '12',
  ...overrides,
});

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  if (request.method !== 'POST') return {};
  const text = await request.text();
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Answers API paths from a table (`/api/Users/Me` → handler) through msw; a path not in the
 * table fails the test. Users/Me answers 401, Events/CheckUserEventWithinTimespan (the
 * header's countdown) no game, Waitlist/Mine (the offer banner) no place, Parties/Mine no
 * party, the leaderboards no results, the console's Today an empty day and Venue New York's clock unless given, and the test live
 * channel (TEST_LIVE_CHANNEL) answers; a Users/Me handler also marks this
 * browser as signed in (`isLoggedIn`), as the app asks the server only then. Like the API, a
 * POST without the CSRF header is refused (403). Returns the log of the JSON bodies sent, by
 * path.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  if (handlers['/api/Users/Me']) localStorage.setItem('isLoggedIn', 'true');
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const table: Record<string, Handler> = {
    '/api/Users/Me': () => ({
      status: 401,
      body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' },
    }),
    // Every page of a signed-in player asks for the countdown's game: none, unless given.
    '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [] }),
    // …and for the offer banner's waitlist places: none, unless given.
    '/api/Waitlist/Mine': () => ({ body: { entries: [], holdMinutes: 15 } }),
    // The dashboard's parties (ADR 0065): none, unless given.
    '/api/Parties/Mine': () => ({ body: { parties: [] } }),
    // The dashboard's leaderboard: no results yet, unless given.
    '/api/Games/Leaderboard': () => ({ body: { score: [], time: [], distance: [] } }),
    '/api/Games/MyBests': () => ({ body: { score: null, time: null, distance: null } }),
    // The console's first screen, "Today": a day with nothing in it, unless given.
    [API_ROUTES.consoleToday.path]: () => ({ body: testConsoleToday() }),
    // Every time on screen is on the venue's clock: New York's, 12-hour, unless given.
    '/api/Venue': () => ({ body: testVenue() }),
    ...handlers,
  };
  // One handler reads the table on every request, so a test may add answers as it goes; a
  // path missing from it stays unhandled, which fails the test.
  mswServer.use(
    http.get(TEST_LIVE_CHANNEL, () => new HttpResponse('live')),
    http.all('/api/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      const handler = table[path];
      if (handler === undefined) return undefined;
      if (request.method !== 'GET' && request.headers.get(CSRF_HEADER.name) !== CSRF_HEADER.value) {
        return HttpResponse.json(
          { message: ERRORS.CSRF_HEADER_MISSING.message, code: 'CSRF_HEADER_MISSING' },
          { status: 403 },
        );
      }
      const body = await bodyOf(request);
      sent.push({ path, body });
      const answer = await handler(body);
      if (answer instanceof Response) return answer;
      return HttpResponse.json(answer.body ?? {}, { status: answer.status ?? 200 });
    }),
  );
  return { sent, table };
}
