/**
 * Opens the database on one of two drivers behind one `Database` type: embedded PGlite (the
 * default, a folder or memory) or a node-postgres pool when DATABASE_URL is set. Repositories
 * take `Database` and never know which one runs.
 */
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Client, ClientConfig, Pool } from 'pg';
import type { Env } from '../config/env';
import { withTimeout } from '../lib/timeout';
import { lockDataDir } from './data-dir-lock';
import { namingStatements } from './named-statements';
import { makeOwnerOnly } from './owner-only';

/**
 * What repositories use: both drivers' databases are PgDatabase subclasses. Without Drizzle's
 * relational queries (nothing uses `db.query`): given the schema, Drizzle builds a query builder
 * per table for every transaction it opens, a fortieth of a redemption's CPU.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** The `tx` of `db.transaction(async (tx) => ...)`, for repository functions joining one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A repository function accepts either, so it can run alone or inside a caller's transaction. */
export type Executor = Database | Transaction;
/**
 * A statement or query as a repository composed it, opaque to services, which hand it to another
 * module's repository to send inside a statement of its own (ADR 0039: one round trip less).
 */
export type Statement = SQL;
/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export type Transact = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;

/** The one way services open a transaction (they never import the driver or Drizzle). */
export function transactor(db: Database): Transact {
  return (work) => db.transaction(work);
}

export type DatabaseOptions =
  /**
   * `dataDir` undefined: in memory. `initialData` starts from a dump (`dumpDataDir()`) instead
   * of an empty cluster, which skips initdb: tests clone one migrated database this way.
   */
  | { driver: 'pglite'; dataDir?: string; initialData?: Blob }
  | { driver: 'postgres'; url: string; poolSize?: number };

type HandleBase = {
  db: Database;
  /** Answers within `timeoutMs`, or false: a hung database must not hang the health probe. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Calls `onNotify` with each payload NOTIFY sends on `channel`, from any connection or
   * process, until the returned stop is called. An empty payload means notifications may have
   * been missed (a lost connection, now back): the listener should look again.
   */
  listen: Listen;
  /** Flushes and closes (PGlite writes its folder; the pool ends its connections). */
  close(): Promise<void>;
};
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
) => Promise<() => Promise<void>>;
export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; native: PgliteDatabase; client: PGliteClient })
  | (HandleBase & { kind: 'postgres'; native: NodePgDatabase; client: Pool });

const DEFAULT_PING_TIMEOUT_MS = 2_000;

/**
 * Rows of a raw SQL query on either driver. `db.execute` is typed per driver, but both
 * results (PGlite's Results, node-postgres' QueryResult) carry the rows in `rows`.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function databaseOptionsFromEnv(env: Pick<Env, 'databaseUrl' | 'dataDir'>): DatabaseOptions {
  return env.databaseUrl === null
    ? { driver: 'pglite', dataDir: env.dataDir }
    : { driver: 'postgres', url: env.databaseUrl };
}

function pingWith(db: Database) {
  return async (timeoutMs = DEFAULT_PING_TIMEOUT_MS): Promise<boolean> => {
    try {
      await withTimeout(db.execute(sql`select 1`), timeoutMs);
      return true;
    } catch {
      return false;
    }
  };
}

/** A channel is an identifier we choose; checked, since LISTEN cannot take it as a parameter. */
function channelName(channel: string): string {
  if (!/^[a-z][a-z_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

const RELISTEN_AFTER_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool), connected again
 * a second after it is lost (a restarted server) until stopped; `onNotify('')` once it is back.
 */
async function listenOnPostgres(
  newClient: (config: ClientConfig) => Client,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: Client | null = null;
  const retry = () => {
    current = null;
    if (!stopped) setTimeout(() => void connect(true).catch(retry), RELISTEN_AFTER_MS).unref();
  };
  async function connect(again: boolean): Promise<void> {
    const client = newClient({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    // A lost connection: 'end' follows, and connects again.
    client.on('error', () => {});
    client.once('end', () => {
      if (current === client) retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await client.end());
    current = client;
    if (again) onNotify('');
  }
  await connect(false);
  return async () => {
    stopped = true;
    const client = current;
    current = null;
    await client?.end();
  };
}

async function openPglite(dataDir?: string, initialData?: Blob): Promise<DatabaseHandle> {
  // Loaded on demand: a Postgres deployment never pays for the WASM module.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // In memory needs no lock; a folder is made owner-only and locked before PGlite touches it.
  if (dataDir !== undefined) makeOwnerOnly(dataDir);
  const lock = dataDir === undefined ? null : lockDataDir(dataDir);
  let client: PGliteClient;
  try {
    // relaxedDurability stays false: each query returns only after its writes reach the
    // folder, so a 200 never precedes the flush (security.md R25).
    client = await PGlite.create({ dataDir, loadDataDir: initialData, relaxedDurability: false });
    if (dataDir !== undefined) makeOwnerOnly(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const native = drizzle({ client });
  const db: Database = native;
  return {
    kind: 'pglite',
    native,
    client,
    db,
    ping: pingWith(db),
    listen: (channel, onNotify) => client.listen(channelName(channel), onNotify),
    close: async () => {
      if (!client.closed) await client.close();
      if (dataDir !== undefined) makeOwnerOnly(dataDir);
      lock?.release();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    Client: namingStatements(pg.Client),
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would
  // crash the process. The next query reconnects, and the health probe reports the outage.
  pool.on('error', () => {});
  // A client checked out of the pool has no pool listener, and one whose connection dies
  // between two statements of a transaction (Postgres restarted) emits 'error' on itself,
  // which would crash the process too. The transaction fails on its next statement (a 503)
  // and the broken client is dropped when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const native = drizzle({ client: pool });
  const db: Database = native;
  let closed = false;
  return {
    kind: 'postgres',
    native,
    client: pool,
    db,
    ping: pingWith(db),
    listen: (channel, onNotify) =>
      listenOnPostgres((config) => new pg.Client(config), url, channelName(channel), onNotify),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === 'pglite'
    ? openPglite(options.dataDir, options.initialData)
    : openPostgres(options.url, options.poolSize ?? 10);
}
