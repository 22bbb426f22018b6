/**
 * Login latency: Argon2id cost per hash, then sign-in p50/p99 through inject() and through a
 * real socket on loopback with a few concurrent clients (autocannon). Uses a temporary PGlite
 * in memory, or a fresh Postgres database when TEST_DATABASE_URL is set.
 *
 *   npx tsx apps/api/bench/login-latency.ts
 *
 * The app's clock runs 1000× faster than real time so the per-IP login limit (30 a minute)
 * does not throttle a benchmark whose every request comes from 127.0.0.1.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { API_ROUTES, CSRF_HEADER } from '@questfield/contract';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { hashPassword } from '../src/modules/accounts/password';
import { createTestDatabase, dbKind } from '../test/helpers/test-db';

const HASH_SAMPLES = 20;
const INJECT_LOGINS = 200;
const SOCKET_LOGINS = 200;
/** All from 127.0.0.1: one address has 3 sign-ins in progress at most (password.ts step). */
const SOCKET_CLIENTS = 3;
const PASSWORD = 'violet-lantern-orbit-42';
const CLOCK_SPEED = 1000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  const hashTimes: number[] = [];
  for (let i = 0; i < HASH_SAMPLES; i += 1) {
    const started = performance.now();
    await hashPassword(`${PASSWORD}-${i}`);
    hashTimes.push(performance.now() - started);
  }
  const hashMean = hashTimes.reduce((a, b) => a + b, 0) / hashTimes.length;

  const database = await createTestDatabase();
  const epoch = Date.now();
  const clock = { now: () => new Date(epoch + (Date.now() - epoch) * CLOCK_SPEED) };
  const env = loadEnv(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
      GAME_ORIGIN: 'http://127.0.0.1:3100',
    },
    process.cwd(),
  );
  const app = await buildApp({
    env,
    db: database.handle,
    clock,
    logger: createLogger({ level: 'silent' }),
    webDistDir: null,
  });
  try {
    const headers = { 'content-type': 'application/json', [CSRF_HEADER.name]: CSRF_HEADER.value };
    const created = await app.inject({
      method: 'POST',
      url: API_ROUTES.usersCreate.path,
      headers,
      payload: JSON.stringify({
        username: 'bench',
        email: 'bench@example.com',
        password: PASSWORD,
      }),
    });
    if (created.statusCode !== 200) throw new Error(`sign-up failed: ${created.body}`);
    const body = JSON.stringify({ email: 'bench@example.com', password: PASSWORD });

    const injectTimes: number[] = [];
    for (let i = 0; i < INJECT_LOGINS; i += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: API_ROUTES.usersLogin.path,
        headers,
        payload: body,
      });
      injectTimes.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`login ${i} failed: ${response.body}`);
    }
    injectTimes.sort((a, b) => a - b);

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = await autocannon({
      url: `${address}${API_ROUTES.usersLogin.path}`,
      method: 'POST',
      headers,
      body,
      connections: SOCKET_CLIENTS,
      amount: SOCKET_LOGINS,
      timeout: 10,
      duration: 60,
    });

    process.stdout.write(
      `${JSON.stringify(
        {
          database: dbKind,
          argon2idHashMs: { mean: round(hashMean), samples: HASH_SAMPLES },
          injectLoginMs: {
            logins: INJECT_LOGINS,
            p50: round(percentile(injectTimes, 50)),
            p99: round(percentile(injectTimes, 99)),
          },
          socketLoginMs: {
            logins: socket.requests.total,
            clients: SOCKET_CLIENTS,
            non2xx: socket.non2xx,
            p50: socket.latency.p50,
            p99: socket.latency.p99,
            requestsPerSecond: socket.requests.average,
          },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await app.close();
    await database.destroy();
  }
}

await main();
