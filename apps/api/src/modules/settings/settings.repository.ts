/** Runtime settings: a key and a JSON value, upserted by operators. */
import { eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { runtimeSettings } from '../../db/schema/settings';

export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: runtimeSettings.value })
    .from(runtimeSettings)
    .where(eq(runtimeSettings.key, key))
    .limit(1);
  return row?.value;
}

/**
 * Changes a setting from its current value (`fallback` when none is stored) under a lock on
 * its row, so two operators changing parts of one value at once both count; the values before
 * and after.
 */
export async function changeSetting(
  tx: Transaction,
  key: string,
  fallback: unknown,
  change: (current: unknown) => unknown,
  at: Date,
): Promise<{ before: unknown; after: unknown }> {
  await tx
    .insert(runtimeSettings)
    .values({ key, value: fallback, updatedAt: at })
    .onConflictDoNothing({ target: runtimeSettings.key });
  const [row] = await tx
    .select({ value: runtimeSettings.value })
    .from(runtimeSettings)
    .where(eq(runtimeSettings.key, key))
    .for('update');
  const before = row?.value ?? fallback;
  const value = change(before);
  await tx
    .update(runtimeSettings)
    .set({ value, updatedAt: at })
    .where(eq(runtimeSettings.key, key));
  return { before, after: value };
}
