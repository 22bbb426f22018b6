/** Runtime settings: a key and a JSON value, upserted by operators. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { runtimeSettings } from '../../db/schema/settings';

export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: runtimeSettings.value })
    .from(runtimeSettings)
    .where(eq(runtimeSettings.key, key))
    .limit(1);
  return row?.value;
}

export async function writeSetting(db: Executor, key: string, value: unknown, at: Date) {
  await db
    .insert(runtimeSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: runtimeSettings.key, set: { value, updatedAt: at } });
}
