/**
 * A fuzzer over every JSON endpoint (security.md R7's fuzzing, over every route; W30's error envelope): bodies generated
 * from the contract's request schemas, then mutated, sent without a session and with a
 * signed-in player's. Never a 500; a refusal always has the error envelope `{ message, code }`
 * and changes nothing. Seeded: a failure prints the seed and path fast-check needs to replay it
 * (FUZZ_SEED=<seed> reruns a whole file's sequence; FUZZ_RUNS raises the cases per route).
 */
import {
  API_ROUTES,
  API_SCHEMAS,
  CSRF_HEADER,
  formatUsd,
  isErrorCode,
  MAZE,
  priceCents,
  SANDBOX_NONCES,
  type ApiRouteName,
} from '@questfield/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';
import { COOKIE, PASSWORD, distinctIp, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { HUGE_STRING, requestBodies } from './helpers/contract-arbitraries';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { shortestRun } from './helpers/maze-runs';
import { createTestApp, dbKind, servicesOf, type TestApp } from './helpers/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/**
 * Routes with their own rules, fuzzed elsewhere: the webhook reads a raw, signed body
 * (payment-settlement.test.ts), the operator route answers only the local command line with its
 * token (operator.test.ts).
 */
const OWN_RULES = new Set<ApiRouteName>(['squareWebhook', 'operatorRun']);
/** Sent without the player's cookie: a success would end the session the other routes use. */
const WITHOUT_PLAYER = new Set<ApiRouteName>(['usersLogout']);

const FUZZED = (Object.keys(API_ROUTES) as ApiRouteName[]).filter(
  (name) => API_ROUTES[name].method === 'POST' && !OWN_RULES.has(name),
);

/** Bodies each route accepts (with the demo data), the starting points of more mutations. */
const EXAMPLES: Partial<Record<ApiRouteName, unknown[]>> = {
  usersCreate: [{ username: 'fuzz_new', email: 'fuzz_new@example.com', password: PASSWORD }],
  usersLogin: [
    { email: 'fuzz@example.com', password: PASSWORD },
    { email: 'fuzzplayer', password: 'wrong-password-0' },
  ],
  usersUpdate: [{ firstName: 'Ada', lastName: 'Lovelace' }, { username: 'fuzzplayer' }],
  usersGetByNameOrEmail: [{ email: 'fuzz@example.com' }],
  usersRequestRecoveryCode: [{ email: 'fuzz@example.com' }],
  usersVerifyRecoveryCode: [{ email: 'fuzz@example.com', code: '123456' }],
  usersUpdatePassword: [
    { email: 'fuzz@example.com', password: PASSWORD, resetToken: 'x'.repeat(43) },
  ],
  // Never the player's password: a deletion would end the session the other routes use.
  usersDelete: [{ password: 'wrong-password-0' }],
  usersRedeemCode: [{ code: 'WELCOME16' }, { code: 'welcome16 ' }],
  usersCreditHistory: [{}, { cursor: '1' }, { cursor: '9999999999999999' }],
  squareCheckout: [
    {
      items: [{ id: 'credits-16', qty: 1 }],
      total: formatUsd(priceCents('credits-16', 1)),
      paymentToken: SANDBOX_NONCES.ok,
      sku: 'credits-16',
      quantity: 1,
    },
    {
      items: [{ id: 'credits-32', qty: 1 }],
      total: formatUsd(priceCents('credits-32', 1)),
      paymentToken: SANDBOX_NONCES.declined,
      sku: 'credits-32',
      quantity: 1,
    },
    {
      items: 'game-pack',
      total: formatUsd(priceCents('game-pack', 2)),
      paymentToken: SANDBOX_NONCES.ok,
      sku: 'game-pack',
      quantity: 2,
    },
  ],
  eventsAvailableTimes: [{ date: '2026-06-01' }, { date: '2026-06-02' }],
  eventsRegister: [
    { EventTime: '2026-06-01T14:00:00.000Z' },
    { EventTime: '2026-06-01T14:00:00+00:00', UserId: 'someone-else' },
  ],
  eventsCheckUserEvent: [{ hours: 1 }, { username: 'fuzzplayer', hours: 168 }],
  eventsCancel: [{ registrationId: '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90' }],
  itemsGameByAccessCode: [{ accessCode: 'ABC123' }],
  itemsJoinByAccessCode: [{ accessCode: 'ABC123' }],
  itemsGetByName: [{ name: 'WELCOME16' }],
  itemsGetById: [{ id: '00000000-0000-0000-0000-000000000000' }, { id: '1' }],
  itemsRedeem: [{ name: 'WELCOME16' }],
  gamesValidateTicket: [{ ticket: 'x'.repeat(40) }],
  gamesSubmitResult: [{ ticket: 'x'.repeat(40), score: 10, timeMs: 1000, distance: 5 }],
  gamesLeaderboard: [{}, { period: 'day' }],
  gamesMyBests: [{ period: 'week' }],
  partnershipsApply: [
    {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      companyName: 'Engines',
      companyDescription: 'Analytical.',
      website: 'https://example.com',
    },
  ],
};

/**
 * The game's bodies with the player's real ticket, walked in its game's maze (`mazeSeed`), so
 * mutations reach the result rules.
 */
function gameExamples(name: ApiRouteName, ticket: string, mazeSeed: string): unknown[] {
  const fastest = shortestRun(mazeSeed, MAZE.minMsPerCell);
  if (name === 'gamesValidateTicket') return [{ ticket }, { ticket: `${ticket}x` }];
  if (name === 'gamesSubmitResult') {
    return [
      { ticket, ...fastest },
      { ticket, ...fastest, gaps: fastest.gaps.map((gap) => gap - 1), timeMs: fastest.timeMs - 1 },
      { ticket, score: 1100, timeMs: 1, distance: 0, moves: 'r', gaps: [] },
    ];
  }
  return [];
}

function requestSchemaOf(name: ApiRouteName): z.ZodType | undefined {
  const schemas = (API_SCHEMAS as Partial<Record<ApiRouteName, { request?: z.ZodType }>>)[name];
  return schemas?.request;
}

type Snapshot = Record<string, unknown>;

/**
 * A refusal that may leave a record: a declined card is refused (402) after the order was
 * written, and the order stays as `failed` for the player's history and the operator; nothing
 * else (no posting, no balance) may change.
 */
const RECORDED_REFUSALS: Partial<Record<string, readonly string[]>> = {
  PAYMENT_FAILED: ['failed_orders'],
};

function withoutKeys(snapshot: Snapshot, keys: readonly string[] = []): Snapshot {
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => !keys.includes(key)));
}

/** Everything a refused request must leave as it was, in one round trip. */
async function stateOf(t: TestApp): Promise<Snapshot> {
  // An accepted recovery request mails its code after the answer: that work lands first.
  await t.app.backgroundTasks.settled();
  const [row] = await queryRows<Snapshot>(
    t.database.handle.db,
    sql`select
      (select count(*)::int from users) as users,
      (select md5(coalesce(string_agg(concat_ws('|', id, email, username, first_name, last_name,
        phone, password_hash, credits), ',' order by id), '')) from users) as user_rows,
      (select count(*)::int from sessions) as sessions,
      (select count(*)::int from credit_ledger) as postings,
      (select count(*)::int from registrations) as registrations,
      (select coalesce(sum(booked), 0)::int from event_slots) as booked,
      (select md5(coalesce(string_agg(concat_ws('|', id, status), ',' order by id), ''))
        from orders where status <> 'failed') as orders,
      (select count(*)::int from orders where status = 'failed') as failed_orders,
      (select count(*)::int from codes where claimed_by is not null) as claimed_codes,
      (select count(*)::int from redemptions) as redemptions,
      (select count(*)::int from game_results) as game_results,
      (select count(*)::int from partnership_applications) as applications,
      (select count(*)::int from email_outbox) as outbox,
      (select count(*)::int from reset_tokens) as reset_tokens`,
  );
  return row ?? {};
}

let requests = 0;

function send(t: TestApp, name: ApiRouteName, payload: string, headers: Record<string, string>) {
  requests += 1;
  // A purchase needs its own idempotency key (a replayed key answers the first purchase).
  const purchaseKey =
    name === 'squareCheckout' ? { 'idempotency-key': `fuzz-key-${requests}` } : {};
  return t.app.inject({
    method: 'POST',
    url: API_ROUTES[name].path,
    remoteAddress: distinctIp(),
    headers: {
      'content-type': 'application/json',
      origin: t.env.publicOrigin,
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      ...purchaseKey,
      ...headers,
    },
    payload,
  });
}

/** Never a 500; a refusal is the API's error envelope. */
function expectHandled(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = JSON.parse(response.body) as { message?: unknown; code?: unknown };
  expect(Object.keys(body).sort(), label).toEqual(['code', 'message']);
  expect(isErrorCode(body.code), label).toBe(true);
  expect(typeof body.message, label).toBe('string');
}

function describeBody(payload: string): string {
  return payload.length > 200 ? `${payload.slice(0, 200)}… (${payload.length} chars)` : payload;
}

describe(`fuzzer over every endpoint [${dbKind}]`, () => {
  let t: TestApp;
  let player: SignedUp;
  let ticket = '';
  let mazeSeed = '';
  let last: Snapshot;
  const clock = fixedClock('2026-06-01T12:00:00Z');

  /** Sends one body; a refusal must leave the state exactly as the previous request left it. */
  async function check(name: ApiRouteName, payload: string, cookie?: string): Promise<void> {
    const headers: Record<string, string> = cookie === undefined ? {} : { cookie };
    const response = await send(t, name, payload, headers);
    const label = `${name} ${cookie === undefined ? 'signed out' : 'signed in'} ${describeBody(payload)}`;
    expectHandled(response, label);
    const now = await stateOf(t);
    if (response.statusCode >= 400) {
      const recorded = RECORDED_REFUSALS[(JSON.parse(response.body) as { code: string }).code];
      expect(withoutKeys(now, recorded), `state changed on a refusal: ${label}`).toEqual(
        withoutKeys(last, recorded),
      );
    }
    last = now;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedDemoData(t.database.handle.db, {
      appSecret: t.env.appSecret,
      clock: t.clock,
      demoAccounts: true,
    });
    player = await signUp(t.app, { username: 'fuzzplayer', email: 'fuzz@example.com' });
    await servicesOf(t).credits.grant({ userId: player.id, credits: 40, reason: 'fuzz' });
    // A seat in the 10:00 AM game (14:00 UTC), played while the fuzzer runs: its ticket lets
    // the game routes' mutations reach the result rules. Listing the day makes its slots.
    await send(t, 'eventsAvailableTimes', '{"date":"2026-06-01"}', {});
    const booked = await send(t, 'eventsRegister', '{"EventTime":"2026-06-01T14:00:00.000Z"}', {
      cookie: `${COOKIE}=${player.cookie}`,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    ticket = (JSON.parse(booked.body) as { ticket: string }).ticket;
    clock.set('2026-06-01T14:10:00Z');
    const validated = await send(t, 'gamesValidateTicket', JSON.stringify({ ticket }), {
      origin: t.env.gameOrigin,
    });
    mazeSeed = (JSON.parse(validated.body) as { mazeSeed: string }).mazeSeed;
    last = await stateOf(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('covers every POST route of the contract but those with their own rules', () => {
    expect(FUZZED.length).toBeGreaterThan(20);
    for (const name of FUZZED) expect(requestSchemaOf(name), name).toBeDefined();
  });

  it.each(FUZZED)('%s: generated and mutated bodies', { timeout: 60_000 }, async (name) => {
    const schema = requestSchemaOf(name);
    if (schema === undefined) return;
    const cookie = WITHOUT_PLAYER.has(name) ? undefined : `${COOKIE}=${player.cookie}`;
    await fc.assert(
      fc.asyncProperty(
        requestBodies(schema, [...(EXAMPLES[name] ?? []), ...gameExamples(name, ticket, mazeSeed)]),
        async (body) => {
          const payload = JSON.stringify(body) ?? 'null';
          await check(name, payload);
          if (cookie !== undefined) await check(name, payload, cookie);
        },
      ),
      { seed: SEED + FUZZED.indexOf(name), numRuns: RUNS, endOnFailure: true },
    );
  });

  /** Bodies no JSON parser should take, or that only a careless one would. */
  const RAW_BODIES = [
    '',
    '{',
    '{"a":',
    'nul',
    '[1,]',
    "{'single':'quotes'}",
    '{"email":"a@example.com","email":["dup"]}',
    '{"hours":1,"hours":-0}',
    '{"hours":-0}',
    '{"hours":1e999}',
    '{"hours":1.0}',
    '{"hours":100000000000000000000000}',
    '{"code":"\\ud800"}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\uFEFF{}',
    `"${HUGE_STRING}"`,
    '['.repeat(5_000) + ']'.repeat(5_000),
  ];
  /** Content types, lengths and encodings a JSON route must refuse or ignore. */
  const ODD_HEADERS: Record<string, string>[] = [
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/x-www-form-urlencoded' },
    { 'content-type': 'multipart/form-data; boundary=x' },
    { 'content-type': 'application/json; charset=utf-16' },
    { 'content-type': 'application/jsonx' },
    { 'content-length': '999999999' },
    { 'content-length': '1' },
    { 'content-length': '-1' },
    { 'content-encoding': 'gzip' },
    { 'transfer-encoding': 'chunked' },
  ];

  // One test per route, each with its own time: the whole sweep's time grows with the routes.
  it.each(FUZZED)(
    '%s: malformed bodies and odd headers, a 4xx and no change',
    { timeout: 60_000 },
    async (name) => {
      const cookie = `${COOKIE}=${player.cookie}`;
      for (const payload of RAW_BODIES) {
        await check(name, payload);
        if (!WITHOUT_PLAYER.has(name)) await check(name, payload, cookie);
      }
      for (const headers of ODD_HEADERS) {
        for (const withCookie of WITHOUT_PLAYER.has(name) ? [false] : [false, true]) {
          const label = `${name} ${JSON.stringify(headers)}`;
          const response = await send(t, name, '{}', withCookie ? { ...headers, cookie } : headers);
          expectHandled(response, label);
          const now = await stateOf(t);
          if (response.statusCode >= 400) expect(now, label).toEqual(last);
          last = now;
        }
      }
    },
  );

  it('answers odd session cookies on every route with a 4xx or the player', async () => {
    const cookies = [
      `${COOKIE}=`,
      `${COOKIE}=${'A'.repeat(8_000)}`,
      `${COOKIE}=%ZZ%`,
      `${COOKIE}=%00`,
      `${COOKIE}="${player.cookie}"`,
      `${COOKIE}=${player.cookie.toUpperCase()}`,
      `${COOKIE}=a=b=c`,
      `${COOKIE}=forged; ${COOKIE}=${player.cookie}`,
      `;;;${COOKIE}`,
    ];
    for (const name of FUZZED) {
      if (WITHOUT_PLAYER.has(name)) continue;
      for (const cookie of cookies) await check(name, '{}', cookie);
    }
  });

  it('keeps the invariants after the whole run', async () => {
    const violations = await findInvariantViolations(t.database.handle.db);
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });
});
