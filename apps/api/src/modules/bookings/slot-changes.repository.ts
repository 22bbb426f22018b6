/** The NOTIFY that announces a slot change to every process (slot-changes.ts). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Sends `payload` on `channel` in a statement of its own (its own commit). */
export async function notifySlotChanged(db: Executor, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
