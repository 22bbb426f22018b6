/**
 * One short batch of a clean-up (modules/retention): deletes at most `limit` rows matching
 * `where` and answers how many went. Rows another transaction holds are skipped (SKIP LOCKED),
 * so two processes cleaning at once delete disjoint batches instead of waiting for each other,
 * and a row a request is using stays for the next pass.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

export async function deleteBatch(
  db: Executor,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const batch = db
    .select({ key })
    .from(table)
    .where(where)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
  return deleted.length;
}
