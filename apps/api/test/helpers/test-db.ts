/**
 * A fresh, migrated database for one test app: PGlite in memory by default, or a new database
 * on the Postgres server named by TEST_DATABASE_URL (created here, dropped on close), so test
 * files can run in parallel against one server.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { SQLSTATE, sqlStateOf } from '../../src/db/errors';
import { migrateDatabase } from '../../src/db/migrate';
import { PATHS } from '../../src/paths';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

export type DbKind = 'pglite' | 'postgres';
export const dbKind: DbKind = TEST_DATABASE_URL === '' ? 'pglite' : 'postgres';

export type TestDatabase = {
  handle: DatabaseHandle;
  /** Postgres only: where another client (e.g. the operator's command line) finds it. */
  url?: string;
  /** Closes the handle and, on Postgres, drops the database. Safe to call twice. */
  destroy(): Promise<void>;
};

async function withAdminClient<T>(
  run: (client: pg.Client) => Promise<T>,
  adminUrl = TEST_DATABASE_URL,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const DROP_TRIES = 20;
const DROP_RETRY_MS = 250;

/**
 * FORCE terminates any connection still open (e.g. a test that leaked a client). It may not
 * terminate an autovacuum worker busy in the database (42501 for a role that is not superuser):
 * such a worker finishes in moments, so the drop is tried again. The bench drops its databases
 * here too, on the server of `adminUrl`.
 */
export async function dropDatabase(name: string, adminUrl = TEST_DATABASE_URL): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdminClient(
        (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        adminUrl,
      );
      return;
    } catch (error) {
      const busy = sqlStateOf(error).code === SQLSTATE.insufficientPrivilege;
      if (!busy || attempt === DROP_TRIES) throw error;
      await setTimeout(DROP_RETRY_MS);
    }
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `qf_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(name);
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
  let destroyed = false;
  return {
    handle,
    url,
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await handle.close();
      await dropDatabase(name);
    },
  };
}

/**
 * PGlite's initdb dominates start-up (~2 s), so each test process migrates one database, dumps
 * it, and every later test database starts from that dump (~0.5 s).
 */
let migratedTemplate: Promise<Blob> | undefined;

async function buildMigratedTemplate(): Promise<Blob> {
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    await migrateDatabase(handle, PATHS.migrations);
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    return await handle.client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

async function createPgliteDatabase(migrate: boolean): Promise<TestDatabase> {
  let initialData: Blob | undefined;
  if (migrate) {
    migratedTemplate ??= buildMigratedTemplate();
    initialData = await migratedTemplate;
  }
  const handle = await openDatabase({ driver: 'pglite', initialData });
  return { handle, destroy: () => handle.close() };
}

/** A new database with every migration applied; `migrate: false` leaves it without tables. */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (dbKind === 'pglite') return createPgliteDatabase(migrate);
  const database = await createPostgresDatabase();
  if (migrate) {
    try {
      await migrateDatabase(database.handle, PATHS.migrations);
    } catch (error) {
      await database.destroy();
      throw error;
    }
  }
  return database;
}
