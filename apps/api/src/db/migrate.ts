/**
 * Applies the committed SQL migrations in apps/api/drizzle at start-up. Drizzle records what
 * ran in drizzle.__drizzle_migrations, so a second run applies nothing.
 */
import type { DatabaseHandle } from './client';

export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string,
): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.native, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.native, { migrationsFolder });
  }
}
