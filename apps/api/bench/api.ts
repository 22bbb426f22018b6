/**
 * `npm run bench:api`: an authenticated read (POST /api/Users/Me with a session) against a floor
 * measured in the same run on the same machine: a bare Fastify answering one `SELECT 1` through
 * a node-postgres pool of the same size. Then the same read on the embedded database (PGlite).
 * Load comes from autocannon on loopback in a worker thread; about a minute in all. Prints a
 * Markdown report and writes it to .reports/bench-api.md.
 *
 * Postgres: TEST_DATABASE_URL (a role that may create databases), else the local server the
 * test suite uses; a fresh database is created for the run and dropped after it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createLogger } from '../src/lib/logger';
import { PATHS } from '../src/paths';

const POOL_SIZE = 10;
const CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = 10;
const HARD_TIMEOUT_MS = 150_000;
const LOG_LEVEL = 'warn';
const LOCAL_POSTGRES = 'postgres://questfield:questfield@127.0.0.1:5432/postgres';
const REPORT = path.join(import.meta.dirname, '../../../.reports/bench-api.md');

type Target = { url: string; headers: Record<string, string>; close: () => Promise<void> };
type Row = { name: string; rps: number; p50: number; p99: number; failures: number };

async function measure(name: string, target: Target): Promise<Row> {
  const options = {
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: '{}',
    connections: CONNECTIONS,
    workers: 1,
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}

async function listen(app: { listen: (o: object) => Promise<string> }): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function floorTarget(url: string): Promise<Target> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const app = Fastify();
  app.post('/floor', async () => (await pool.query('SELECT 1 AS one')).rows);
  const origin = await listen(app);
  return {
    url: `${origin}/floor`,
    headers: {},
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** The real app on `handle`, with one signed-up player whose session cookie the load sends. */
async function meTarget(handle: DatabaseHandle): Promise<Target> {
  await migrateDatabase(handle, PATHS.migrations);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL,
    APP_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_ORIGIN: 'http://localhost:3000',
  });
  const app = await buildApp({ env, db: handle, logger: createLogger({ level: LOG_LEVEL }) });
  const origin = await listen(app);
  const signUp = await fetch(`${origin}/api/Users/Create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench',
      email: 'bench@example.com',
      password: 'violet-lantern-orbit-42',
    }),
  });
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  if (!signUp.ok || cookie === '') throw new Error(`sign-up failed: ${signUp.status}`);
  return { url: `${origin}/api/Users/Me`, headers: { cookie }, close: () => app.close() };
}

async function postgresUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return url;
  } catch {
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
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measureOn(name: string, target: Promise<Target>): Promise<Row> {
  const ready = await target;
  try {
    return await measure(name, ready);
  } finally {
    await ready.close();
  }
}

async function postgresRows(adminUrl: string): Promise<Row[]> {
  return withFreshDatabase(adminUrl, async (url) => {
    const floor = await measureOn('Floor: bare Fastify, `SELECT 1` (Postgres)', floorTarget(url));
    const handle = await openDatabase({ driver: 'postgres', url, poolSize: POOL_SIZE });
    try {
      return [floor, await measureOn('Users/Me (Postgres)', meTarget(handle))];
    } finally {
      await handle.close();
    }
  });
}

async function pgliteRow(): Promise<Row> {
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    return await measureOn('Users/Me (embedded PGlite)', meTarget(handle));
  } finally {
    await handle.close();
  }
}

function report(rows: Row[], note: string): string {
  const floor = rows.find((row) => row.name.startsWith('Floor'));
  const lines = rows.map((row) => {
    const ratio = floor === undefined ? 'n/a' : (row.rps / floor.rps).toFixed(2);
    return `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${ratio} | ${row.failures} |`;
  });
  return [
    '# API benchmark',
    '',
    `Node ${process.version}, ${CONNECTIONS} connections, pool ${POOL_SIZE}, ${WARMUP_S} s warm-up then ${DURATION_S} s each, app log level ${LOG_LEVEL}, load from one autocannon worker thread on loopback.${note}`,
    '',
    '| Target | req/s | p50 ms | p99 ms | × floor | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...lines,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const adminUrl = await postgresUrl();
  const rows = adminUrl === null ? [] : await postgresRows(adminUrl);
  rows.push(await pgliteRow());
  const note = adminUrl === null ? ' No Postgres answered: the embedded row only.' : '';
  const text = report(rows, note);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, text);
  process.stdout.write(`${text}\n`);
  const failed = rows.filter((row) => row.failures > 0);
  if (failed.length > 0)
    console.error(`FAILED requests in: ${failed.map((r) => r.name).join(', ')}`);
  return failed.length === 0 ? 0 : 1;
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
