/**
 * Builds the real app on a fresh database with the real migrations. Settings come from
 * loadEnv with test defaults plus the overrides a test passes, so tests exercise the same
 * validation as production.
 */
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildAppDeps } from '../../src/app';
import { loadEnv, type Env, type EnvSource } from '../../src/config/env';
import { transactor, type Executor } from '../../src/db/client';
import type { PaymentProvider } from '../../src/integrations/payments/provider';
import { createTestPaymentProvider } from '../../src/integrations/payments/test-provider';
import type { Clock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createServices, mailRendererFor, venueReaderFor, type Services } from '../../src/services';
import { fixedClock } from './clock';
import { findInvariantViolations, hasViolations, type InvariantViolations } from './invariants';
import { createTestDatabase, dbKind, type TestDatabase } from './test-db';

export { dbKind };

export const TEST_ENV: EnvSource = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  // Random bytes (openssl rand -base64 32): production mode refuses a typed pattern.
  APP_SECRET: 't/d+V6t2VOg8JACcMCfrL3l8mKMiMtMMUq8xSX/fR0Q=',
  PUBLIC_ORIGIN: 'http://localhost:3000',
  GAME_ORIGIN: 'http://localhost:3100',
  LIVESTREAM_EMBED_URL: 'https://player.example.com/embed/live',
};

/**
 * Production mode as these tests run it: the offline payments of a staging site (production
 * refuses them without the opt-in), so no test needs Square's API.
 */
export const PRODUCTION_ENV: EnvSource = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'test',
  UNSAFE_STAGING_TEST_PAYMENTS: 'true',
};

export function testEnv(overrides: EnvSource = {}): Env {
  return loadEnv({ ...TEST_ENV, ...overrides }, process.cwd());
}

export type TestAppOptions = {
  env?: EnvSource;
  clock?: Clock;
  webDistDir?: string | null;
  logger?: BuildAppDeps['logger'];
  testModules?: BuildAppDeps['testModules'];
  paymentProvider?: BuildAppDeps['paymentProvider'];
  mailTransport?: BuildAppDeps['mailTransport'];
  operatorToken?: BuildAppDeps['operatorToken'];
  requestTimeoutMs?: BuildAppDeps['requestTimeoutMs'];
  /** Replaces the database's ping (e.g. to simulate a hung database). */
  ping?: () => Promise<boolean>;
};

export type TestApp = {
  app: App;
  env: Env;
  clock: Clock;
  database: TestDatabase;
  close(): Promise<void>;
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = testEnv(options.env);
  const clock = options.clock ?? fixedClock('2026-06-01T12:00:00Z');
  const database = await createTestDatabase();
  const db =
    options.ping === undefined ? database.handle : { ...database.handle, ping: options.ping };
  let app: App;
  try {
    app = await buildApp({
      env,
      db,
      clock,
      logger: options.logger ?? createLogger({ level: 'silent' }),
      webDistDir: options.webDistDir ?? null,
      testModules: options.testModules ?? [],
      paymentProvider: options.paymentProvider,
      mailTransport: options.mailTransport,
      operatorToken: options.operatorToken,
      requestTimeoutMs: options.requestTimeoutMs,
    });
    await app.ready();
  } catch (error) {
    await database.destroy();
    throw error;
  }
  return {
    app,
    env,
    clock,
    database,
    // Every test ends with the invariants of security.md §2 checked on what it left (when the
    // database still answers: some tests take it away on purpose).
    close: async () => {
      await app.close();
      try {
        await expectNoViolations(database.handle.db);
      } finally {
        await database.destroy();
      }
    },
  };
}

async function expectNoViolations(db: Executor): Promise<void> {
  let violations: InvariantViolations;
  try {
    violations = await findInvariantViolations(db);
  } catch {
    return;
  }
  if (hasViolations(violations)) {
    throw new Error(`invariants broken after the test: ${JSON.stringify(violations)}`);
  }
}

/** The parsed JSON body of an inject() response. */
export function jsonOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

/**
 * The services of a test app's database, built the way the app builds them, to set a scene the
 * way the product would (grants, sessions, codes) without going through HTTP.
 */
export function servicesOf(
  app: TestApp,
  payments: PaymentProvider = createTestPaymentProvider(),
): Services {
  const handle = app.database.handle;
  return createServices({
    env: app.env,
    db: handle.db,
    transaction: transactor(handle.db),
    ping: () => handle.ping(),
    listen: (channel, onNotify) => handle.listen(channel, onNotify),
    clock: app.clock,
    emailDispatcher: app.app.emailDispatcher,
    renderMail: mailRendererFor(app.env),
    venueDetails: () => venueReaderFor(app.env)(handle.db),
    payments,
    background: app.app.backgroundTasks,
  });
}
