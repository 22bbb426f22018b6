/**
 * A fresh, migrated database for one test app: PGlite in memory by default, or a new database
 * on the Postgres server named by TEST_DATABASE_URL (created here, dropped on close), so test
 * files can run in parallel against one server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { PATHS } from '../../src/paths';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

export type DbKind = 'pglite' | 'postgres';
export const dbKind: DbKind = TEST_DATABASE_URL === '' ? 'pglite' : 'postgres';

export type TestDatabase = {
  handle: DatabaseHandle;
  /** Closes the handle and, on Postgres, drops the database. Safe to call twice. */
  destroy(): Promise<void>;
};

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
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

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `qf_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(name), poolSize: 5 });
  let destroyed = false;
  return {
    handle,
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await handle.close();
      // FORCE terminates any connection still open (e.g. a test that leaked a client).
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
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
