/**
 * `npm run bench:api`: an authenticated read (POST /api/Users/Me with a session), a checkout
 * (POST /api/Square/Checkout on the offline test provider, 50 buyers at once, each request a new
 * purchase) and a redemption (POST /api/Items/Redeem, 50 redeemers at once, each request a new
 * Game Pass code) and a booking (POST /api/Events/RegisterPixelEvent, 200 bookers at once on 8
 * hot slots, each request a new booking; then the same through two server processes), seats given
 * back (POST /api/Events/CancelRegistration, 50 players at once, each request a seat booked before
 * the runs), party bookings (the same route with `seats: 4`, 200 leaders at once on 8 hot slots,
 * each request a new leader's party) and their claims (POST /api/Parties/Claim, 50 guests at
 * once, each request a new guest claiming an invite of a party booked before the runs) and the
 * public leaderboards (POST /api/Games/Leaderboard, 150 visitors at once over LEADERBOARD_PLAYERS
 * players' results, the three periods in turn), the console's orders (10 staff over 100,000
 * orders) and the console's player search (10 staff
 * sessions at once over 100,000 accounts) and venue day (10 staff at once, a full day of 30 slots
 * × 25 players) against a floor measured in the same run on the
 * same machine: a bare Fastify answering one `SELECT 1` through a node-postgres pool of the same
 * size; the writes also against a write floor (write-floor.ts: the booking's bare transaction,
 * at each write target's number of connections). Then mixed traffic (slot listing, booking, redemption, session reads) against one and
 * then two server processes on one database, with the invariants checked afterwards; 1,000 open
 * seat streams on one process (seat-streams.ts); the sell-out rush, 2,000 players signing in and
 * booking one evening's 250 seats through two processes (rush.ts); and the read on the embedded
 * database (PGlite).
 * Load comes from autocannon on loopback (a worker thread, or this thread for the mixed runs,
 * whose servers are other processes and whose answers are timed one by one for exact
 * percentiles); about five and a half minutes in all on an idle machine, and about two more
 * with the party scenarios (most of it seeding their players and parties). Prints a
 * Markdown report and writes it to .reports/bench-api.md; exits 1 when any request failed.
 *
 * The floor and the read take turns (ROUNDS rounds, each target measured once a round) and each
 * figure is the median of its rounds: on a small shared machine throughput drifts by a third
 * within a minute, and alternating keeps a drift from landing on one target only.
 *
 * `--only <words>` measures only the scenarios named by them (see selectionOf), e.g.
 * `npm run bench:api -- --only redeem,checkout`, in about three minutes.
 *
 * Postgres: TEST_DATABASE_URL (a role that may create databases), else the local server the
 * test suite uses; a fresh database is created for the run and dropped after it. When no
 * Postgres answers, only the PGlite row is measured, and the report says so.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API_ROUTES,
  CSRF_HEADER,
  formatUsd,
  GAME_COST_CREDITS,
  priceCents,
  SANDBOX_NONCES,
  SESSION_COOKIE,
  SLOT_CAPACITY,
  type RegisterEventResponse,
} from '@questfield/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import { openDatabase, queryRows, transactor, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import { systemClock } from '../src/lib/clock';
import { venueDayOf, venueInstant, venueTimeOf } from '../src/lib/slot-schedule';
import { createLogger } from '../src/lib/logger';
import { insertUser } from '../src/modules/accounts/accounts.repository';
import { createAccessCodes } from '../src/modules/bookings/access-codes';
import { scheduleSlots } from '../src/modules/bookings/slots';
import { findSessionAccount } from '../src/modules/accounts/sessions.repository';
import { hashSessionId } from '../src/modules/accounts/sessions.service';
import { toPublicUser } from '../src/modules/accounts/public-user';
import { CODE_LIMITS } from '../src/modules/limits/code-attempts';
import { PATHS } from '../src/paths';
import { createServices, mailRendererFor, venueReaderFor, type Services } from '../src/services';
import { findInvariantViolations, hasViolations } from '../test/helpers/invariants';
import { startServerProcess, type ServerProcess } from '../test/helpers/server-process';
import { dropDatabase } from '../test/helpers/test-db';
import { rushLines, rushScenario } from './rush';
import { seatStreamsScenario } from './seat-streams';
import { startWriteFloor } from './write-floor';

const POOL_SIZE = 10;
const CONNECTIONS = 20;
const PIPELINING = 1;
const WARMUP_S = 2;
const DURATION_S = 5;
const ROUNDS = 4;
const HARD_TIMEOUT_MS = 660_000;
const BUYERS = 50;
const CHECKOUT_HOOK = path.join(import.meta.dirname, 'checkout-request.cjs');
const REDEEMERS = 50;
const REDEEM_HOOK = path.join(import.meta.dirname, 'redeem-request.cjs');
/** Each request redeems a code of its own (about 10,000 used here; more fail as 409s)… */
const REDEEM_CODES = 30_000;
/** …as a player who redeems at most their limit of a minute (CODE_LIMITS). */
const REDEEM_PLAYERS = Math.ceil(REDEEM_CODES / CODE_LIMITS.perPlayerPerMinute);
/** Booking: BOOKERS connections on HOT_SLOTS slots (capacity raised so seats never run out). */
const BOOKERS = 200;
const HOT_SLOTS = 8;
const BOOKING_HOOK = path.join(import.meta.dirname, 'booking-request.cjs');
const BOOKING_PATH = API_ROUTES.eventsRegister.path;
/** Seats given back at once, each booked through the API before the runs (enough for them). */
const CANCELLERS = 50;
const CANCEL_PLAYERS = 900;
const CANCEL_HOOK = path.join(import.meta.dirname, 'cancel-request.cjs');
/**
 * Party bookings (ADR 0065): PARTY_BOOKERS connections (the booking's number), each request a
 * new leader's party of PARTY_SEATS on HOT_SLOTS slots. Each leader books once, so the leaders
 * must outnumber what the runs send: enough up to about 1,000 parties a second, past which
 * requests fail (a leader's second party is refused) and the report says so.
 */
const PARTY_SEATS = 4;
const PARTY_BOOKERS = BOOKERS;
const PARTY_LEADERS = 24_000;
const PARTY_HOOK = path.join(import.meta.dirname, 'party-request.cjs');
/**
 * Party claims: PARTY_GUESTS connections (the checkout's number, whose write floor they share),
 * each request a new guest claiming a new invite: enough invites up to about 1,600 claims a
 * second, past which requests fail (claim-request.cjs).
 */
const PARTY_GUESTS = BUYERS;
const PARTY_INVITES = 36_000;
const CLAIM_HOOK = path.join(import.meta.dirname, 'claim-request.cjs');
const API_ROOT = path.join(import.meta.dirname, '..');
/** Leaderboard: VISITORS connections reading boards made of LEADERBOARD_PLAYERS players' runs. */
const VISITORS = 150;
const LEADERBOARD_PLAYERS = 2_000;
const RUNS_PER_PLAYER = 3;
const SERVER_ENTRY = ['--import', 'tsx', 'src/server.ts'];
/** The console's player search over SEARCH_ACCOUNTS accounts, by SEARCHERS operators at once. */
const SEARCH_ACCOUNTS = 100_000;
const SEARCHERS = 10;
const SEARCH_PREFIXES = ['ps1', 'ps42', 'ps9876', 'PS5@EXAMPLE', 'nobody'];
/** The console's orders: ORDERS_SEEDED orders of ORDER_BUYERS buyers, read by ORDER_VIEWERS staff. */
const ORDERS_SEEDED = 100_000;
const ORDER_BUYERS = 1_000;
const ORDER_VIEWERS = 10;
/** The console's day view: a full day of DAY_SLOTS slots, read by DAY_VIEWERS staff at once. */
const DAY_SLOTS = 30;
const DAY_VIEWERS = 10;
/** Distinct bookings on hand: more than both booking targets' runs send (about 20,000 each). */
const BOOKINGS = 48_000;
const BOOKING_PLAYERS = BOOKINGS / HOT_SLOTS;
/** Bookings made one by one while the statements sent to Postgres are counted. */
const COUNTED_BOOKINGS = 50;
const LOG_LEVEL = 'warn';
const LOCAL_POSTGRES = 'postgres://questfield:questfield@127.0.0.1:5432/postgres';
const REPORT = path.join(import.meta.dirname, '../../../.reports/bench-api.md');
const FLOOR = 'Floor: bare Fastify, `SELECT 1` (Postgres)';
const ME = 'Users/Me (Postgres)';
const PGLITE_ME = 'Users/Me (embedded PGlite)';
const SESSION_FLOOR =
  "Session floor: bare Fastify, the product's session query, same pool, the account answered (Postgres)";
const USERNAME_FLOOR = 'The same session floor answering the username only (Postgres)';
/** The write floor (write-floor.ts) at each write target's connection count. */
const writeFloorName = (connections: number) =>
  `Write floor: bare Fastify, a booking's transaction, ${connections} connections (Postgres)`;
const CHECKOUT = `Square/Checkout, test provider, ${BUYERS} buyers (Postgres)`;
const REDEEM = `Items/Redeem, distinct codes, ${REDEEMERS} redeemers (Postgres)`;
const BOOKING = `Events/RegisterPixelEvent, ${HOT_SLOTS} hot slots, ${BOOKERS} bookers (Postgres)`;
const TWO_PROCESS_BOOKING =
  'Events/RegisterPixelEvent, the same through two server processes (Postgres)';
const CANCEL = `Events/CancelRegistration, ${HOT_SLOTS} hot slots, ${CANCELLERS} players giving seats back (Postgres)`;
const PARTY_BOOKING = `Party bookings (${PARTY_SEATS} seats) on hot games: Events/RegisterPixelEvent, ${HOT_SLOTS} hot slots, ${PARTY_BOOKERS} leaders (Postgres)`;
const PARTY_CLAIM = `Party claims on hot games: Parties/Claim, ${HOT_SLOTS} hot slots, ${PARTY_GUESTS} guests (Postgres)`;
/**
 * A target's own floor: each write's is the write floor with the same number of connections;
 * Users/Me's is the session floor (what a session that is not cached per process allows).
 */
const OWN_FLOOR_OF: Record<string, string> = {
  [ME]: SESSION_FLOOR,
  [CHECKOUT]: writeFloorName(BUYERS),
  [REDEEM]: writeFloorName(REDEEMERS),
  [BOOKING]: writeFloorName(BOOKERS),
  [CANCEL]: writeFloorName(BUYERS),
  [PARTY_BOOKING]: writeFloorName(PARTY_BOOKERS),
  [PARTY_CLAIM]: writeFloorName(PARTY_GUESTS),
};

/** The app's settings in every scenario (and in the server processes, which share sessions). */
const APP_SETTINGS = {
  NODE_ENV: 'test',
  LOG_LEVEL,
  APP_SECRET: randomBytes(20).toString('hex'),
  TRUST_PROXY: '1',
  PAYMENT_PROVIDER: 'test',
};

/** What the web client sends with every call: JSON and the CSRF header. */
const CLIENT_HEADERS = {
  'content-type': 'application/json',
  [CSRF_HEADER.name]: CSRF_HEADER.value,
};

type Target = {
  /** One server, or several sharing the load (autocannon spreads the connections). */
  url: string | string[];
  headers: Record<string, string>;
  close: () => Promise<void>;
  /** A POST body other than `{}`. */
  body?: string;
  connections?: number;
  /** A file autocannon's worker loads to shape each request. */
  setupRequest?: string;
  /** Told how many requests each run sent (warm-up included), before the next run starts. */
  afterRun?: (sent: number) => void;
};
type Stats = { rps: number; p50: number; p99: number; failures: number };
type Row = Stats & { name: string };

function loadFor(target: Target) {
  return {
    url: target.url,
    method: 'POST' as const,
    headers: { ...CLIENT_HEADERS, ...target.headers },
    body: target.body ?? '{}',
    connections: target.connections ?? CONNECTIONS,
    pipelining: PIPELINING,
    workers: 1,
    ...(target.setupRequest === undefined
      ? {}
      : { requests: [{ setupRequest: target.setupRequest }] }),
  };
}

async function load(target: Target, duration: number) {
  const result = await autocannon({ ...loadFor(target), duration });
  target.afterRun?.(result.requests.sent);
  return result;
}

async function measure(target: Target, duration = DURATION_S): Promise<Stats> {
  const result = await load(target, duration);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Median figures of several runs (failures are summed: one failed request spoils them all). */
function combine(name: string, runs: Stats[]): Row {
  return {
    name,
    rps: Math.round(median(runs.map((run) => run.rps))),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

/**
 * Warms every target up, then measures them in turns for ROUNDS rounds. A request that failed
 * during the warm-up counts as failed too: only the figures leave the warm-up out.
 */
async function measureInTurns(targets: { name: string; target: Target }[]): Promise<Row[]> {
  const warmUps: Stats[] = [];
  for (const { target } of targets) warmUps.push(await measure(target, WARMUP_S));
  const runs = targets.map(() => [] as Stats[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { target }] of targets.entries()) runs[index]?.push(await measure(target));
  }
  return targets.map(({ name }, index) => {
    const row = combine(name, runs[index] ?? []);
    return { ...row, failures: row.failures + (warmUps[index]?.failures ?? 0) };
  });
}

/** Listens on a free loopback port; `close` runs when anything after it fails. */
async function serve(
  app: { listen: (o: { host: string; port: number }) => Promise<string> },
  close: () => Promise<void>,
  ready: (origin: string) => Promise<Target>,
): Promise<Target> {
  try {
    return await ready(await app.listen({ host: '127.0.0.1', port: 0 }));
  } catch (error) {
    await close();
    throw error;
  }
}

async function floorTarget(url: string): Promise<Target> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // As in the app (src/db/client.ts): pool.end() resolves before every socket has closed, so
  // dropping the database afterwards may still reach an idle client as an 'error' event.
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  app.post('/floor', async () => (await pool.query('SELECT 1 AS one')).rows);
  const close = async () => {
    await app.close();
    await pool.end();
  };
  return serve(app, close, async (origin) => ({ url: `${origin}/floor`, headers: {}, close }));
}

/**
 * The session floor: a bare Fastify that answers each request with the product's own session
 * query (the prepared statement every signed-in request runs) through the app's pool, for the
 * session cookie the Users/Me target signed in with. Sessions are not cached per process (a
 * logout ends a session everywhere at once), so this is what Users/Me can approach. It answers
 * what Users/Me must (the player's account, 235 bytes, by the product's `toPublicUser`), without
 * the product's headers, schema check or hooks; the load generator shares the machine's two
 * cores and parses every answer, so a floor answering less measured autocannon too (perf: its
 * thread spent about 4 µs more a request on the account). With `usernameOnly`, the floor of
 * earlier runs (`{"user":…}`, 16 bytes), kept for the record.
 */
async function sessionFloorTarget(
  handle: DatabaseHandle,
  cookie: string,
  usernameOnly = false,
): Promise<Target> {
  const app = Fastify({ logger: false });
  app.post('/session-floor', async (request, reply) => {
    const value = /(?:^|;\s*)[^=]+=([^;]*)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
    const row = await findSessionAccount(handle.db, hashSessionId(value));
    // No session found would be a cheaper answer than the product's: count it as a failure.
    if (row === undefined) return reply.code(401).send({ error: 'no session' });
    return usernameOnly ? { user: row.account.username } : [toPublicUser(row.account)];
  });
  const close = () => app.close();
  return serve(app, close, async (origin) => ({
    url: `${origin}/session-floor`,
    headers: { cookie },
    close,
  }));
}

/**
 * The write floor (write-floor.ts) at each of `connections`: one server, a target per count.
 * Enough players that no request of a run books a slot twice.
 */
async function writeFloorTargets(url: string, connections: number[]): Promise<Target[]> {
  const floor = await startWriteFloor(url, {
    poolSize: POOL_SIZE,
    players: BOOKING_PLAYERS * 2,
    slots: HOT_SLOTS,
  });
  let closed = false;
  const close = async () => {
    if (!closed) await floor.close();
    closed = true;
  };
  return connections.map((count) => ({
    url: `${floor.origin}/write-floor`,
    headers: {},
    connections: count,
    close,
  }));
}

/**
 * Signs up one player through the app and returns its session cookie (`name=value`). Each comes
 * from its own client address (the app trusts one proxy hop), as players would: sign-up is
 * limited per address.
 */
async function signUp(origin: string, username: string): Promise<string> {
  const client = `198.51.100.${(Number.parseInt(username.replace(/\D/g, ''), 10) || 0) % 250}`;
  const response = await fetch(`${origin}/api/Users/Create`, {
    method: 'POST',
    headers: { ...CLIENT_HEADERS, 'x-forwarded-for': client },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'violet-lantern-orbit-42',
    }),
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  if (!response.ok || cookie === '') {
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

type Ready = (origin: string, close: () => Promise<void>, context: AppContext) => Promise<Target>;
type AppContext = { app: App; env: Env };

/** The real app on `handle` (migrated here), listening; `ready` signs players up. */
async function appTarget(handle: DatabaseHandle, ready: Ready): Promise<Target> {
  await migrateDatabase(handle, PATHS.migrations);
  const env = loadEnv({ ...APP_SETTINGS, PUBLIC_ORIGIN: 'http://localhost:3000' });
  const logger = createLogger({ level: LOG_LEVEL });
  const app = await buildApp({ env, db: handle, logger, webDistDir: null });
  const close = () => app.close();
  return serve(app, close, (origin) => ready(origin, close, { app, env }));
}

/** Users/Me with one signed-up player's session cookie. */
function meTarget(handle: DatabaseHandle): Promise<Target> {
  return appTarget(handle, async (origin, close) => {
    const cookie = await signUp(origin, 'bench');
    return { url: `${origin}/api/Users/Me`, headers: { cookie }, close };
  });
}

/** Square/Checkout of 16 credits by BUYERS players at once, a new purchase each request. */
function checkoutTarget(handle: DatabaseHandle): Promise<Target> {
  return appTarget(handle, async (origin, close) => {
    const buyers: string[] = [];
    for (let i = 1; i <= BUYERS; i += 1) buyers.push(await signUp(origin, `buyer${i}`));
    // Read by checkout-request.cjs in autocannon's worker, which inherits the environment.
    process.env.BENCH_BUYERS = JSON.stringify(buyers);
    const sku = 'credits-16';
    const body = JSON.stringify({
      items: [{ id: sku, qty: 1 }],
      total: formatUsd(priceCents(sku, 1)),
      paymentToken: SANDBOX_NONCES.ok,
      sku,
      quantity: 1,
    });
    const url = `${origin}/api/Square/Checkout`;
    return { url, headers: {}, body, connections: BUYERS, setupRequest: CHECKOUT_HOOK, close };
  });
}

/** The app's services beside it on the same database, for what players cannot do. */
function servicesOf(handle: DatabaseHandle, { app, env }: AppContext): Services {
  return createServices({
    env,
    db: handle.db,
    transaction: transactor(handle.db),
    ping: () => handle.ping(),
    listen: (channel, onNotify) => handle.listen(channel, onNotify),
    clock: systemClock,
    emailDispatcher: app.emailDispatcher,
    renderMail: mailRendererFor(env),
    venueDetails: () => venueReaderFor(env)(handle.db),
    payments: createTestPaymentProvider(),
    background: app.backgroundTasks,
  });
}

/**
 * Signed-in players without the sign-up's Argon2 run (the scenario needs thousands, who never
 * sign in with a password); returns their session cookies.
 */
async function signedInPlayers(
  handle: DatabaseHandle,
  services: Services,
  count: number,
  credits = 0,
) {
  const prefix = randomBytes(3).toString('hex');
  const player = async (i: number) => {
    const name = `p${prefix}${i}`;
    const now = new Date();
    const values = { email: `${name}@example.com`, username: name, passwordHash: '-', now };
    const user = await insertUser(handle.db, values);
    if (typeof user === 'string') throw new Error(user);
    if (credits > 0) await services.credits.grant({ userId: user.id, credits, reason: 'bench' });
    const session = await services.sessions.create(user.id, { ip: '127.0.0.1', userAgent: '' });
    return `${SESSION_COOKIE.insecure}=${session.id}`;
  };
  const cookies: string[] = [];
  for (let start = 0; start < count; start += POOL_SIZE) {
    const batch = Array.from({ length: Math.min(POOL_SIZE, count - start) }, (_, i) => start + i);
    cookies.push(...(await Promise.all(batch.map(player))));
  }
  return cookies;
}

/**
 * Items/Redeem by REDEEMERS connections at once, each request a new Game Pass code, the requests
 * in flight those of as many players (not one player's ten at once, which queue on the player's
 * lock), who stay within the redemption limits (10 a minute each, from their own address).
 */
function redeemTarget(handle: DatabaseHandle): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    const batch = {
      name: 'Redeem bench',
      kind: 'one_time',
      count: REDEEM_CODES,
      credits: 16,
    } as const;
    // Read by redeem-request.cjs in autocannon's worker, which copies the environment.
    process.env.BENCH_CODES = JSON.stringify((await services.codes.create(batch)).codes);
    process.env.BENCH_REDEEMERS = JSON.stringify(
      await signedInPlayers(handle, services, REDEEM_PLAYERS),
    );
    const afterRun = startsPastSent('BENCH_FIRST_CODE', REDEEMERS);
    const url = `${origin}/api/Items/Redeem`;
    const setupRequest = REDEEM_HOOK;
    return { url, headers: {}, connections: REDEEMERS, setupRequest, afterRun, close };
  });
}

/** The venue's calendar day `days` from now. */
const venueDayAhead = (days: number, env: Env) =>
  venueDayOf(new Date(Date.now() + days * 86_400_000), env.venueTimezone);
/** Tomorrow on the venue calendar: its slots are all ahead, whatever the hour. */
const tomorrowAt = (env: Env) => venueDayAhead(1, env);

/** Statements the app sends to Postgres per booking, counted on one booking at a time. */
async function statementsPerBooking(origin: string, cookies: string[], eventTime: string) {
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    for (const cookie of cookies) {
      const response = await fetch(`${origin}${BOOKING_PATH}`, {
        method: 'POST',
        headers: { ...CLIENT_HEADERS, cookie },
        body: JSON.stringify({ EventTime: eventTime }),
      });
      if (!response.ok) throw new Error(`booking failed: ${response.status}`);
    }
  } finally {
    pg.Client.prototype.query = query;
  }
  return statements / cookies.length;
}

/**
 * Events/RegisterPixelEvent by BOOKERS connections at once on HOT_SLOTS slots of tomorrow,
 * every request a new booking by a player with the credits for it. Before the load, bookings
 * one at a time count the statements each sends (reported in the notes).
 */
function bookingTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    const day = await services.bookings.operatorDay(tomorrowAt(context.env));
    const hot = day.slice(0, HOT_SLOTS + 1);
    for (const slot of hot) {
      const time = venueTimeOf(slot.startsAt, context.env.venueTimezone);
      await services.bookings.setCapacity(tomorrowAt(context.env), time, BOOKING_PLAYERS);
    }
    const [counted, ...loaded] = hot.map((slot) => slot.startsAt.toISOString());
    const credits = 2 * HOT_SLOTS;
    const players = await signedInPlayers(
      handle,
      services,
      BOOKING_PLAYERS + COUNTED_BOOKINGS,
      credits,
    );
    const perBooking = await statementsPerBooking(
      origin,
      players.slice(BOOKING_PLAYERS),
      counted ?? '',
    );
    notes.push(
      `Booking: ${perBooking.toFixed(1)} statements sent to Postgres per booking (the session read, BEGIN and COMMIT included), counted over ${COUNTED_BOOKINGS} bookings one at a time.`,
    );
    // Read by booking-request.cjs in autocannon's worker, which copies the environment.
    process.env.BENCH_SLOTS = JSON.stringify(loaded);
    process.env.BENCH_BOOKERS = JSON.stringify(players.slice(0, BOOKING_PLAYERS));
    process.env.BENCH_FIRST_BOOKING = '0';
    const url = `${origin}${BOOKING_PATH}`;
    return { url, headers: {}, connections: BOOKERS, setupRequest: BOOKING_HOOK, afterRun, close };
  });
}

/**
 * The first HOT_SLOTS open slots of the venue day `days` ahead, each made `capacity` seats (so
 * that seats never run out under the load). Each scenario that needs hot slots of its own takes
 * a day of its own: the seats one books are not the next one's to find taken.
 */
async function hotSlots(services: Services, env: Env, days: number, capacity: number) {
  const date = venueDayAhead(days, env);
  const open = (await services.bookings.operatorDay(date)).filter((slot) => slot.open);
  const slots = open.slice(0, HOT_SLOTS);
  if (slots.length < HOT_SLOTS) throw new Error(`${date} has ${open.length} open slots`);
  for (const slot of slots) {
    await services.bookings.setCapacity(
      date,
      venueTimeOf(slot.startsAt, env.venueTimezone),
      capacity,
    );
  }
  return slots;
}

/**
 * An `afterRun` that starts each run of a scenario past every item (code, seat, invite…) the
 * runs before may have handed out, in the environment variable its hook reads: those sent, and
 * one more per connection for the requests in flight when the run ended.
 */
function startsPastSent(variable: string, connections: number): (sent: number) => void {
  let used = 0;
  process.env[variable] = '0';
  return (sent) => {
    used += sent + connections;
    process.env[variable] = String(used);
  };
}

/**
 * Bookings made through the API before a scenario's runs, `inFlight` at a time: each answer, in
 * the order asked. A refusal stops the bench: the scenario would be short of what it needs.
 */
async function bookedThroughApi(
  origin: string,
  asked: { cookie: string; EventTime: string; seats?: number }[],
  inFlight: number,
  what: string,
): Promise<RegisterEventResponse[]> {
  const answers: RegisterEventResponse[] = [];
  for (let start = 0; start < asked.length; start += inFlight) {
    const batch = asked.slice(start, start + inFlight);
    const booked = await Promise.all(
      batch.map(async ({ cookie, ...body }) => {
        const response = await fetch(`${origin}${BOOKING_PATH}`, {
          method: 'POST',
          headers: { ...CLIENT_HEADERS, cookie },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${what} was refused: ${await response.text()}`);
        return (await response.json()) as RegisterEventResponse;
      }),
    );
    answers.push(...booked);
  }
  return answers;
}

/**
 * Events/CancelRegistration by CANCELLERS connections at once on HOT_SLOTS slots three days
 * ahead (well before the cut-off), every request a seat of its own given back with its
 * 2 credits: CANCEL_PLAYERS players each book every hot slot through the API before the runs.
 */
function cancellationTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    // Three days ahead: the day view's target fills every seat of the day after tomorrow.
    const slots = await hotSlots(services, context.env, 3, CANCEL_PLAYERS);
    const players = await signedInPlayers(handle, services, CANCEL_PLAYERS, 2 * HOT_SLOTS);
    const asked = players.flatMap((cookie) =>
      slots.map((slot) => ({ cookie, EventTime: slot.startsAt.toISOString() })),
    );
    const booked = await bookedThroughApi(origin, asked, CANCELLERS, 'A seat to give back');
    const seats = booked.map(({ registrationId }, i) => ({
      cookie: asked[i]?.cookie ?? '',
      registrationId,
    }));
    notes.push(
      `Cancellations: ${seats.length} seats booked through the API before the runs; each request gives one back (past the last, seats are given back again and answered as repeats).`,
    );
    // Read by cancel-request.cjs in autocannon's worker, which copies the environment.
    process.env.BENCH_CANCEL_SEATS = JSON.stringify(seats);
    const afterRun = startsPastSent('BENCH_FIRST_CANCEL', CANCELLERS);
    const url = `${origin}${API_ROUTES.eventsCancel.path}`;
    return {
      url,
      headers: {},
      connections: CANCELLERS,
      setupRequest: CANCEL_HOOK,
      afterRun,
      close,
    };
  });
}

/** The seats each hot slot needs for `parties` parties booked round the slots in turn. */
const partySeatsPerSlot = (parties: number) => Math.ceil(parties / HOT_SLOTS) * PARTY_SEATS;

/**
 * Party bookings (issue 43, ADR 0065) by PARTY_BOOKERS connections at once on HOT_SLOTS slots
 * four days ahead, every request a new leader's party of PARTY_SEATS (the leader's seat and
 * the guests' open ones, paid for by the leader, all or nothing): PARTY_LEADERS leaders with
 * the credits of one party each, so each books once.
 */
function partyBookingTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    const seats = partySeatsPerSlot(PARTY_LEADERS);
    const slots = await hotSlots(services, context.env, 4, seats);
    const credits = PARTY_SEATS * GAME_COST_CREDITS;
    const leaders = await signedInPlayers(handle, services, PARTY_LEADERS, credits);
    notes.push(
      `Party bookings: ${PARTY_LEADERS.toLocaleString('en-US')} leaders with ${credits} credits each, ${seats.toLocaleString('en-US')} seats on each hot slot; each request a party of ${PARTY_SEATS} (${PARTY_SEATS} seats, ${PARTY_SEATS} postings), each leader once.`,
    );
    // Read by party-request.cjs in autocannon's worker, which copies the environment.
    process.env.BENCH_PARTY_SLOTS = JSON.stringify(
      slots.map((slot) => slot.startsAt.toISOString()),
    );
    process.env.BENCH_PARTY_LEADERS = JSON.stringify(leaders);
    process.env.BENCH_PARTY_SEATS = String(PARTY_SEATS);
    return {
      url: `${origin}${BOOKING_PATH}`,
      headers: {},
      connections: PARTY_BOOKERS,
      setupRequest: PARTY_HOOK,
      afterRun: startsPastSent('BENCH_FIRST_PARTY', PARTY_BOOKERS),
      close,
    };
  });
}

/**
 * Party claims (issue 43, ADR 0065) by PARTY_GUESTS connections at once on HOT_SLOTS slots five
 * days ahead, every request a new guest claiming a new invite (free, single-use): the parties
 * of PARTY_SEATS whose open seats give PARTY_INVITES invites are booked through the API before
 * the runs, and each invite is paired with a guest of its own.
 */
function partyClaimTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    const parties = Math.ceil(PARTY_INVITES / (PARTY_SEATS - 1));
    const slots = await hotSlots(services, context.env, 5, partySeatsPerSlot(parties));
    const credits = PARTY_SEATS * GAME_COST_CREDITS;
    const leaders = await signedInPlayers(handle, services, parties, credits);
    // Round the hot slots, so the invites in flight at once are spread over every game.
    const asked = leaders.map((cookie, i) => ({
      cookie,
      EventTime: slots[i % slots.length]?.startsAt.toISOString() ?? '',
      seats: PARTY_SEATS,
    }));
    const booked = await bookedThroughApi(origin, asked, PARTY_GUESTS, 'A party to claim from');
    const invites = booked.flatMap(({ party }) =>
      (party?.seats ?? []).flatMap((seat) => (seat.invite === null ? [] : [seat.invite])),
    );
    const guests = await signedInPlayers(handle, services, invites.length);
    notes.push(
      `Party claims: ${parties.toLocaleString('en-US')} parties of ${PARTY_SEATS} booked through the API before the runs, ${invites.length.toLocaleString('en-US')} invites, each claimed once by a guest of its own.`,
    );
    // Read by claim-request.cjs in autocannon's worker, which copies the environment.
    process.env.BENCH_CLAIMS = JSON.stringify(
      invites.map((invite, i) => ({ invite, cookie: guests[i] })),
    );
    return {
      url: `${origin}${API_ROUTES.partiesClaim.path}`,
      headers: {},
      connections: PARTY_GUESTS,
      setupRequest: CLAIM_HOOK,
      afterRun: startsPastSent('BENCH_FIRST_CLAIM', PARTY_GUESTS),
      close,
    };
  });
}

/**
 * Games/Leaderboard by VISITORS at once (no session) on LEADERBOARD_PLAYERS players with
 * RUNS_PER_PLAYER results each over the last week, the three periods in turn.
 */
function leaderboardTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    await services.bookings.operatorDay(tomorrowAt(context.env)); // the day's slots exist
    const prefix = randomBytes(3).toString('hex');
    // One statement each: the players, a seat each in RUNS_PER_PLAYER games, and a run on each
    // seat (one result per seat), spread over the last week.
    await queryRows(
      handle.db,
      sql`insert into users (email, username, password_hash)
        select 'lb${sql.raw(prefix)}' || n || '@example.com', 'lb${sql.raw(prefix)}' || n, '-'
        from generate_series(1, ${LEADERBOARD_PLAYERS}) as n`,
    );
    await queryRows(
      handle.db,
      sql`insert into registrations (slot_id, user_id, source)
        select slots.id, users.id, 'booking'
        from (select id from event_slots order by starts_at desc limit ${RUNS_PER_PLAYER}) as slots
        cross join users where users.username like ${`lb${prefix}%`}`,
    );
    await queryRows(
      handle.db,
      sql`insert into game_results (user_id, slot_id, registration_id, score, time_ms, distance, created_at)
        select r.user_id, r.slot_id, r.id, (random() * 1200)::int, 20000 + (random() * 600000)::int,
          (random() * 2000)::int, now() - random() * interval '7 days'
        from registrations r join users u on u.id = r.user_id
        where u.username like ${`lb${prefix}%`}`,
    );
    // What a read costs when no process has the boards yet (each a new service, so no cache).
    const uncached: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await servicesOf(handle, context).games.leaderboard('all');
      uncached.push(performance.now() - started);
    }
    const median = [...uncached].sort((a, b) => a - b)[2] ?? 0;
    notes.push(
      `Leaderboard: one read of the three boards without the 2-second cache takes ${median.toFixed(1)} ms (median of 5) over ${LEADERBOARD_PLAYERS * RUNS_PER_PLAYER} runs.`,
    );
    const bodies = ['all', 'week', 'day'].map((period) => JSON.stringify({ period }));
    let turn = 0;
    const url = `${origin}${API_ROUTES.gamesLeaderboard.path}`;
    const target: Target = { url, headers: {}, body: bodies[0], connections: VISITORS, close };
    // Each run reads another period, so every board's query is measured.
    target.afterRun = () => {
      turn += 1;
      target.body = bodies[turn % bodies.length];
    };
    return target;
  });
}

let bookingsSent = 0;
/** Each run starts past every booking the runs before may have sent (both booking targets). */
function afterRun(sent: number) {
  bookingsSent += sent + BOOKERS;
  process.env.BENCH_FIRST_BOOKING = String(bookingsSent);
}

/**
 * The booking scenario again through two server processes (src/server.ts, each its own pool)
 * on the same database and players, the connections split between them.
 */
async function twoProcessBookingTarget(url: string): Promise<Target> {
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    for (let i = 0; i < 2; i += 1) {
      // Without the scenarios' BENCH_* lists: they are meant for autocannon's worker only.
      const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_'));
      const env = { ...Object.fromEntries(inherited), ...APP_SETTINGS, DATABASE_URL: url };
      servers.push(await startServerProcess({ args: SERVER_ENTRY, cwd: API_ROOT, env }));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: servers.map((server) => `${server.url}${BOOKING_PATH}`),
    headers: {},
    connections: BOOKERS,
    setupRequest: BOOKING_HOOK,
    afterRun,
    close,
  };
}

/**
 * Waits until requests the load generator left in flight at its last run are done with the
 * database (the pool idle for a while): closing the pool under them would fail them.
 */
async function drained(handle: DatabaseHandle): Promise<void> {
  if (handle.kind !== 'postgres') return;
  const pool = handle.client;
  for (let idleChecks = 0; idleChecks < 5;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const idle = pool.waitingCount === 0 && pool.idleCount === pool.totalCount;
    idleChecks = idle ? idleChecks + 1 : 0;
  }
}

/** The Postgres URL to use, or null (said on stderr) when none answers. */
async function postgresUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return url;
  } catch (error) {
    const where = new URL(url).host;
    console.error(
      `No Postgres answered at ${where} (${String(error)}): measuring the embedded PGlite only.`,
    );
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs `work` on a fresh database of the server at `adminUrl`, dropped afterwards. */
async function withFreshDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>) {
  const name = `qf_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.end();
    // Retried while an autovacuum worker, which this role may not end, is still in it.
    await dropDatabase(name, adminUrl);
  }
}

/**
 * `--only redeem,checkout`: the scenarios whose names hold one of these words (any case). The
 * floors and Users/Me are always measured: every ratio of the table needs them. Without it,
 * everything is measured.
 */
type Selection = (name: string) => boolean;

function selectionOf(args: string[]): Selection {
  const { values } = parseArgs({ args, options: { only: { type: 'string' } } });
  const words = values.only?.split(',').map((word) => word.trim().toLowerCase());
  if (words === undefined) return () => true;
  return (name) => words.some((word) => word !== '' && name.toLowerCase().includes(word));
}

async function postgresRows(adminUrl: string, notes: string[], only: Selection): Promise<Row[]> {
  return withFreshDatabase(adminUrl, async (url) => {
    const handle = await openDatabase({ driver: 'postgres', url, poolSize: POOL_SIZE });
    const measured: { name: string; target: Target }[] = [];
    const built = (name: string, target: Target) => measured.push({ name, target });
    /** Builds the target (its data seeded) only when it is to be measured. */
    const selected = async (name: string, build: () => Promise<Target>) => {
      if (only(name)) built(name, await build());
    };
    try {
      built(FLOOR, await floorTarget(url));
      const [floor200, floor50] = await writeFloorTargets(url, [BOOKERS, BUYERS]);
      built(writeFloorName(BOOKERS), floor200!);
      built(writeFloorName(BUYERS), floor50!);
      const me = await meTarget(handle);
      built(SESSION_FLOOR, await sessionFloorTarget(handle, me.headers.cookie ?? ''));
      built(USERNAME_FLOOR, await sessionFloorTarget(handle, me.headers.cookie ?? '', true));
      built(ME, me);
      await selected(CHECKOUT, () => checkoutTarget(handle));
      await selected(REDEEM, () => redeemTarget(handle));
      await selected(BOOKING, () => bookingTarget(handle, notes));
      await selected(CANCEL, () => cancellationTarget(handle, notes));
      await selected(PARTY_BOOKING, () => partyBookingTarget(handle, notes));
      await selected(PARTY_CLAIM, () => partyClaimTarget(handle, notes));
      await selected(TWO_PROCESS_BOOKING, () => twoProcessBookingTarget(url));
      await selected(
        `Games/Leaderboard, ${VISITORS} visitors, ${LEADERBOARD_PLAYERS * RUNS_PER_PLAYER} runs (Postgres)`,
        () => leaderboardTarget(handle, notes),
      );
      await selected(
        `Console player search, ${SEARCHERS} operators, ${SEARCH_ACCOUNTS.toLocaleString('en-US')} accounts (Postgres)`,
        () => playerSearchTarget(handle, notes),
      );
      await selected(
        `Console venue day, ${DAY_SLOTS} slots × 25 players, ${DAY_VIEWERS} staff (Postgres)`,
        () => dayViewTarget(handle, notes),
      );
      await selected(
        `Console orders, ${ORDER_VIEWERS} staff, ${ORDERS_SEEDED.toLocaleString('en-US')} orders (Postgres)`,
        () => consoleOrdersTarget(handle, notes),
      );
      return await measureInTurns(measured);
    } finally {
      await drained(handle);
      for (const { target } of measured) await target.close();
      await handle.close();
    }
  });
}

async function pgliteRow(): Promise<Row> {
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    const target = await meTarget(handle);
    try {
      const [row] = await measureInTurns([{ name: PGLITE_ME, target }]);
      return row ?? combine(PGLITE_ME, []);
    } finally {
      await target.close();
    }
  } finally {
    await handle.close();
  }
}

/** The median milliseconds of five runs of `work`, one after another (a service's own time). */
async function medianOfFive(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}

/** A staff member's session that passed two-factor (the set-up itself is not measured). */
async function staffCookie(handle: DatabaseHandle, services: Services): Promise<string> {
  const [cookie = ''] = await signedInPlayers(handle, services, 1);
  const idHash = hashSessionId(cookie.split('=')[1] ?? '');
  await queryRows(
    handle.db,
    sql`update users set role = 'staff' from sessions
      where sessions.id_hash = ${idHash} and users.id = sessions.user_id`,
  );
  await queryRows(
    handle.db,
    sql`update sessions set second_factor_at = now() where id_hash = ${idHash}`,
  );
  return cookie;
}

/**
 * The console's venue day (POST /api/console/schedule/day) read by DAY_VIEWERS staff at once:
 * a full day of DAY_SLOTS slots (the schedule's 24 and six earlier ones) with every seat
 * booked through the API, the players' names and seat times included.
 */
function dayViewTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    const zone = context.env.venueTimezone;
    const day = venueDayAhead(2, context.env);
    await services.bookings.consoleDay(day, undefined, new AbortController().signal);
    const early = Array.from({ length: DAY_SLOTS - 24 }, (_, n) =>
      venueInstant(day, `0${7 + Math.floor(n / 2)}:${n % 2 === 0 ? '00' : '30'}`, zone),
    );
    await scheduleSlots(handle.db, early, createAccessCodes(context.env.appSecret), SLOT_CAPACITY);
    const view = await services.bookings.consoleDay(day, undefined, new AbortController().signal);
    const seats = view.slots.flatMap((slot) =>
      Array.from({ length: slot.capacity }, () => slot.startsAt.toISOString()),
    );
    const players = await signedInPlayers(handle, services, seats.length, 2);
    const asked = seats.map((EventTime, i) => ({ cookie: players[i] ?? '', EventTime }));
    await bookedThroughApi(origin, asked, POOL_SIZE, 'A day-view seat');
    const median = await medianOfFive(() =>
      services.bookings.consoleDay(day, undefined, new AbortController().signal),
    );
    notes.push(
      `Venue day: ${view.slots.length} slots, ${seats.length} seats booked through the API; the service reads the day in ${median.toFixed(1)} ms (median of 5).`,
    );
    const cookie = await staffCookie(handle, services);
    const url = `${origin}${API_ROUTES.consoleDay.path}`;
    return {
      url,
      headers: { cookie },
      body: JSON.stringify({ day }),
      connections: DAY_VIEWERS,
      close,
    };
  });
}

/**
 * The console's player search (POST /api/console/players/search) by SEARCHERS staff sessions
 * that passed two-factor, over SEARCH_ACCOUNTS accounts, the prefixes of SEARCH_PREFIXES in
 * turn (from eleven thousand matches down to none).
 */
function playerSearchTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    await queryRows(
      handle.db,
      sql`insert into users (email, username, password_hash)
        select 'ps' || n || '@example.com', 'ps' || n, '-'
        from generate_series(1, ${SEARCH_ACCOUNTS}) as n`,
    );
    await queryRows(handle.db, sql`analyze users`);
    const cookie = await staffCookie(handle, services);
    const median = await medianOfFive(() => services.accounts.search('ps1'));
    notes.push(
      `Player search: the widest prefix ('ps1', 11,112 of ${SEARCH_ACCOUNTS.toLocaleString('en-US')} accounts) takes ${median.toFixed(1)} ms in the service (median of 5).`,
    );
    const bodies = SEARCH_PREFIXES.map((query) => JSON.stringify({ query }));
    let turn = 0;
    const url = `${origin}${API_ROUTES.consolePlayerSearch.path}`;
    const target: Target = {
      url,
      headers: { cookie },
      body: bodies[0],
      connections: SEARCHERS,
      close,
    };
    target.afterRun = () => {
      turn += 1;
      target.body = bodies[turn % bodies.length];
    };
    return target;
  });
}

/**
 * The console's orders (POST /api/console/orders) by ORDER_VIEWERS staff sessions over
 * ORDERS_SEEDED orders: the newest page, a status, a venue day and a later page in turn.
 */
function consoleOrdersTarget(handle: DatabaseHandle, notes: string[]): Promise<Target> {
  return appTarget(handle, async (origin, close, context) => {
    const services = servicesOf(handle, context);
    await queryRows(
      handle.db,
      sql`insert into users (email, username, password_hash)
        select 'ob' || n || '@example.com', 'ob' || n, '-'
        from generate_series(1, ${ORDER_BUYERS}) as n`,
    );
    const line = JSON.stringify([
      { sku: 'credits-16', quantity: 1, label: 'Purchase 16 Credits', includes: [] },
    ]);
    await queryRows(
      handle.db,
      sql`insert into orders (order_number, user_id, idem_key, request_hash, kind, items,
          amount_cents, credits, status, provider, provider_payment_id, created_at, updated_at)
        select 'QF-B' || lpad(n::text, 9, '0'), u.id, 'bench-' || n, '-', 'credit_pack',
          ${line}::jsonb, 1799, 16,
          case n % 10 when 0 then 'refunded' when 1 then 'failed' else 'paid' end, 'test',
          case when n % 10 = 1 then null else 'BENCH' || n end,
          now() - n * interval '1 minute', now() - n * interval '1 minute'
        from generate_series(1, ${ORDERS_SEEDED}) as n
        join users u on u.username = 'ob' || (1 + n % ${ORDER_BUYERS})`,
    );
    await queryRows(handle.db, sql`analyze orders`);
    const cookie = await staffCookie(handle, services);
    const first = await services.orders.listForConsole({});
    const median = await medianOfFive(() => services.orders.listForConsole({}));
    notes.push(
      `Console orders: the newest page of ${ORDERS_SEEDED.toLocaleString('en-US')} orders takes ${median.toFixed(1)} ms in the service (median of 5).`,
    );
    const today = venueDayAhead(0, context.env);
    const bodies = [
      {},
      { status: 'refunded' },
      { day: today },
      { status: 'paid', cursor: first.nextCursor ?? undefined },
    ].map((body) => JSON.stringify(body));
    let turn = 0;
    const target: Target = {
      url: `${origin}${API_ROUTES.consoleOrders.path}`,
      headers: { cookie },
      body: bodies[0],
      connections: ORDER_VIEWERS,
      close,
    };
    target.afterRun = () => {
      turn += 1;
      target.body = bodies[turn % bodies.length];
    };
    return target;
  });
}

/** Mixed traffic: MIXED_CONNECTIONS connections, each listing, booking, redeeming, reading. */
const MIXED_CONNECTIONS = 40;
const MIXED_ROUNDS = 3;
/** More than the mixed runs can book or redeem (a quarter of their requests each). */
const MIXED_BOOKINGS = 24_000;
const MIXED_CODES = 24_000;

type MixedRow = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  errorRate: number;
};

/** The value at `fraction` of sorted latencies (nearest rank), in ms to one decimal. */
const percentile = (sorted: number[], fraction: number) =>
  Math.round(
    10 * (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0),
  ) / 10;

/**
 * Players, hot slots and codes for the mixed runs, made once through the app's services; the
 * hooks of the booking and redemption scenarios read them (in this thread, where they keep
 * counting across runs, so no booking or code is sent twice).
 */
async function mixedSetup(handle: DatabaseHandle) {
  await migrateDatabase(handle, PATHS.migrations);
  const env = loadEnv({ ...APP_SETTINGS, PUBLIC_ORIGIN: 'http://localhost:3000' });
  const app = await buildApp({
    env,
    db: handle,
    logger: createLogger({ level: LOG_LEVEL }),
    webDistDir: null,
  });
  try {
    const services = servicesOf(handle, { app, env });
    const date = tomorrowAt(env);
    const day = await services.bookings.operatorDay(date);
    const hot = day.slice(0, HOT_SLOTS);
    const players = MIXED_BOOKINGS / HOT_SLOTS;
    for (const slot of hot) {
      await services.bookings.setCapacity(
        date,
        venueTimeOf(slot.startsAt, env.venueTimezone),
        players,
      );
    }
    const bookers = await signedInPlayers(handle, services, players, 2 * HOT_SLOTS);
    const batch = {
      name: 'Mixed bench',
      kind: 'one_time',
      count: MIXED_CODES,
      credits: 16,
    } as const;
    process.env.BENCH_SLOTS = JSON.stringify(hot.map((slot) => slot.startsAt.toISOString()));
    process.env.BENCH_BOOKERS = JSON.stringify(bookers);
    process.env.BENCH_FIRST_BOOKING = '0';
    process.env.BENCH_CODES = JSON.stringify((await services.codes.create(batch)).codes);
    process.env.BENCH_REDEEMERS = JSON.stringify(
      await signedInPlayers(
        handle,
        services,
        Math.ceil(MIXED_CODES / CODE_LIMITS.perPlayerPerMinute),
      ),
    );
    process.env.BENCH_FIRST_CODE = '0';
    const require = createRequire(import.meta.url);
    return {
      date,
      reader: bookers[0] ?? '',
      book: require(BOOKING_HOOK) as (request: object) => object,
      redeem: require(REDEEM_HOOK) as (request: object) => object,
    };
  } finally {
    await app.close();
  }
}

/** One run of the mix on `urls`, with every answer's latency kept for exact percentiles. */
async function mixedRun(
  urls: string[],
  setup: Awaited<ReturnType<typeof mixedSetup>>,
  duration: number,
) {
  const latencies: number[] = [];
  const run = autocannon({
    url: urls,
    method: 'POST',
    headers: CLIENT_HEADERS,
    connections: MIXED_CONNECTIONS,
    pipelining: PIPELINING,
    duration,
    requests: [
      { path: API_ROUTES.eventsAvailableTimes.path, body: JSON.stringify({ date: setup.date }) },
      { path: BOOKING_PATH, setupRequest: setup.book },
      { path: API_ROUTES.itemsRedeem.path, setupRequest: setup.redeem },
      {
        path: API_ROUTES.usersMe.path,
        body: '{}',
        headers: { ...CLIENT_HEADERS, cookie: setup.reader },
      },
    ],
  });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    latencies,
    failed,
    total: result.requests.total + result.errors,
  };
}

/** Medians of the rounds' throughput; percentiles and error rate over every answer. */
type MixedRun = Awaited<ReturnType<typeof mixedRun>>;

function mixedRow(name: string, runs: MixedRun[], warmUp: MixedRun | undefined): MixedRow {
  const sorted = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const answered = warmUp === undefined ? runs : [...runs, warmUp];
  const total = answered.reduce((sum, run) => sum + run.total, 0);
  const failed = answered.reduce((sum, run) => sum + run.failed, 0);
  return {
    name,
    rps: Math.round(median(runs.map((run) => run.rps))),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    failed,
    errorRate: total === 0 ? 1 : failed / total,
  };
}

/**
 * The mix against one server process, then against two on the same database (each its own
 * pool), in turns; the invariants are checked on the database afterwards.
 */
async function mixedRows(adminUrl: string, notes: string[]): Promise<MixedRow[]> {
  return withFreshDatabase(adminUrl, async (url) => {
    const handle = await openDatabase({ driver: 'postgres', url, poolSize: POOL_SIZE });
    const servers: ServerProcess[] = [];
    try {
      const setup = await mixedSetup(handle);
      const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_'));
      const env = { ...Object.fromEntries(inherited), ...APP_SETTINGS, DATABASE_URL: url };
      for (let i = 0; i < 2; i += 1) {
        servers.push(await startServerProcess({ args: SERVER_ENTRY, cwd: API_ROOT, env }));
      }
      const targets = [servers.slice(0, 1), servers].map((group) =>
        group.map((server) => server.url),
      );
      // The warm-up's answers count for the error rate, not for the figures.
      const warmUps: MixedRun[] = [];
      for (const urls of targets) warmUps.push(await mixedRun(urls, setup, WARMUP_S));
      const runs = targets.map(() => [] as MixedRun[]);
      for (let round = 0; round < MIXED_ROUNDS; round += 1) {
        for (const [index, urls] of targets.entries())
          runs[index]?.push(await mixedRun(urls, setup, DURATION_S));
      }
      const violations = await findInvariantViolations(handle.db);
      notes.push(
        hasViolations(violations)
          ? `**Mixed: invariants BROKEN after the runs: ${JSON.stringify(violations)}**`
          : 'Mixed: after the runs, every balance equals its ledger, every seat count its registrations (within capacity), every paid order has its ledger rows and every redeemed code one redemption.',
      );
      return ['Mixed, one server process', 'Mixed, two server processes'].map((name, index) =>
        mixedRow(name, runs[index] ?? [], warmUps[index]),
      );
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await handle.close();
    }
  });
}

/**
 * The live seat counts (seat-streams.ts) on one server process over a fresh database: the
 * players are made here, beside the process, and the day's slots are created before it starts.
 */
async function seatStreamLines(adminUrl: string): Promise<string[]> {
  return withFreshDatabase(adminUrl, async (url) => {
    const handle = await openDatabase({ driver: 'postgres', url, poolSize: POOL_SIZE });
    let server: ServerProcess | undefined;
    try {
      await migrateDatabase(handle, PATHS.migrations);
      const env = loadEnv({ ...APP_SETTINGS, PUBLIC_ORIGIN: 'http://localhost:3000' });
      const logger = createLogger({ level: LOG_LEVEL });
      const app = await buildApp({ env, db: handle, logger, webDistDir: null });
      const day = tomorrowAt(env);
      let players: { viewers: string[]; bookers: string[] };
      try {
        const services = servicesOf(handle, { app, env });
        await services.bookings.listDay(day);
        players = {
          viewers: await signedInPlayers(handle, services, Math.ceil(1_000 / 3)),
          bookers: await signedInPlayers(handle, services, 20, 2),
        };
      } finally {
        await app.close();
      }
      const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_'));
      const processEnv = { ...Object.fromEntries(inherited), ...APP_SETTINGS, DATABASE_URL: url };
      server = await startServerProcess({ args: SERVER_ENTRY, cwd: API_ROOT, env: processEnv });
      return await seatStreamsScenario(server, day, players);
    } finally {
      await server?.stop();
      await handle.close();
    }
  });
}

function mixedTable(rows: MixedRow[], floor: Row | undefined): string[] {
  const [one] = rows;
  const ratio = (value: number, base: number | undefined) =>
    base === undefined || base === 0 ? 'n/a' : (value / base).toFixed(2);
  return [
    '',
    `## Mixed traffic`,
    '',
    `${MIXED_CONNECTIONS} connections, each sending in turn: Events/GetAvailableEventTimes for tomorrow, a new booking on one of ${HOT_SLOTS} hot slots, a new code redemption, and Users/Me. Servers: the API as separate processes on one Postgres database, ${POOL_SIZE} connections each. ${WARMUP_S} s warm-up, then ${MIXED_ROUNDS} runs of ${DURATION_S} s per target in turns; req/s is the median run, latencies are percentiles over every answer of those runs.`,
    '',
    '| Target | req/s (mean) | p50 ms | p95 ms | p99 ms | errors | req/s × floor | req/s × one process |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95} | ${row.p99} | ${(row.errorRate * 100).toFixed(2)} % | ${ratio(row.rps, floor?.rps)} | ${ratio(row.rps, one?.rps)} |`,
    ),
  ];
}

function tableLine(row: Row, floor: Row | undefined, rows: Row[]): string {
  const ratio = (value: number, base: number | undefined) =>
    base === undefined || base === 0 ? 'n/a' : (value / base).toFixed(2);
  const ownFloor = rows.find((other) => other.name === OWN_FLOOR_OF[row.name]);
  const own = ownFloor === undefined ? '' : ratio(row.rps, ownFloor.rps);
  return `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${ratio(row.rps, floor?.rps)} | ${ratio(row.p50, floor?.p50)} | ${ratio(row.p99, floor?.p99)} | ${own} | ${row.failures} |`;
}

function report(rows: Row[], mixed: MixedRow[], notes: string[], streams: string[]): string {
  const floor = rows.find((row) => row.name === FLOOR);
  return [
    '# API benchmark',
    '',
    `Node ${process.version}, ${CONNECTIONS} connections, pipelining ${PIPELINING}, pool ${POOL_SIZE}, app log level ${LOG_LEVEL}, load from one autocannon worker thread on loopback. Each target: ${WARMUP_S} s warm-up, then ${ROUNDS} runs of ${DURATION_S} s taken in turns with the other targets on the same database; figures are the medians of those runs.`,
    ...notes.map((note) => `\n${note}`),
    '',
    '| Target | req/s (mean) | p50 ms | p99 ms | req/s × floor | p50 × floor | p99 × floor | req/s × own floor | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((row) => tableLine(row, floor, rows)),
    ...(mixed.length > 0 ? mixedTable(mixed, floor) : []),
    ...streams,
    '',
  ].join('\n');
}

function notesOn(rows: Row[], mixed: MixedRow[], postgres: boolean): string[] {
  const notes = postgres ? [] : ['**No Postgres answered: the embedded PGlite row only.**'];
  const failed = [
    ...rows.filter((row) => row.failures > 0),
    ...mixed.filter((row) => row.failed > 0).map((row) => ({ ...row, failures: row.failed })),
  ];
  if (failed.length > 0) {
    const names = failed.map((row) => `${row.name} (${row.failures})`).join(', ');
    notes.push(`**FAILED: non-2xx answers or errors in ${names}. These numbers are not valid.**`);
  }
  const me = rows.find((row) => row.name === ME);
  const usernameFloor = rows.find((row) => row.name === USERNAME_FLOOR);
  if (me !== undefined && usernameFloor !== undefined && usernameFloor.rps > 0) {
    const share = (me.rps / usernameFloor.rps).toFixed(2);
    notes.push(
      `Users/Me is ${share} of the session floor answering the username only (the floor of runs before 2026-11-27).`,
    );
  }
  return notes;
}

async function main(): Promise<number> {
  const only = selectionOf(process.argv.slice(2));
  const adminUrl = await postgresUrl();
  const measured: string[] = [];
  const rows = adminUrl === null ? [] : await postgresRows(adminUrl, measured, only);
  const mixed =
    adminUrl === null || !only('Mixed traffic') ? [] : await mixedRows(adminUrl, measured);
  const streams = adminUrl === null || !only('Seat streams') ? [] : await seatStreamLines(adminUrl);
  // The sell-out rush on a fresh database of its own; it fails the run if anything did not hold.
  const rush =
    adminUrl === null || !only('Sell-out rush')
      ? undefined
      : await withFreshDatabase(adminUrl, (url) => rushScenario(url, APP_SETTINGS));
  if (only(PGLITE_ME)) rows.push(await pgliteRow());
  const notes = [...measured, ...notesOn(rows, mixed, adminUrl !== null)];
  const text = report(rows, mixed, notes, [...streams, ...(rush ? rushLines(rush) : [])]);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, text);
  process.stdout.write(`${text}\n`);
  const failures = rows.reduce((sum, row) => sum + row.failures, 0);
  if (failures > 0) console.error(`bench:api FAILED: ${failures} requests did not answer 2xx.`);
  const broken = measured.some((note) => note.includes('BROKEN'));
  const mixedFailed = mixed.some((row) => row.failed > 0);
  const rushFailed = (rush?.problems.length ?? 0) > 0;
  if (rushFailed) console.error(`bench:api FAILED: the rush: ${rush?.problems.join('; ')}`);
  return failures === 0 && !broken && !mixedFailed && !rushFailed ? 0 : 1;
}

setTimeout(() => {
  console.error(`bench:api did not finish within ${HARD_TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, HARD_TIMEOUT_MS).unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
