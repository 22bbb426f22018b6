/** Session rows: only the SHA-256 of the cookie value is ever stored or looked up. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Executor,
  row: {
    idHash: string;
    userId: string;
    expiresAt: Date;
    now: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await db.insert(sessions).values({
    idHash: row.idHash,
    userId: row.userId,
    purpose: 'login',
    createdAt: row.now,
    lastSeenAt: row.now,
    expiresAt: row.expiresAt,
    ip: row.ip,
    userAgent: row.userAgent,
  });
}

export async function findSession(db: Executor, idHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
  return row;
}

export async function touchSession(db: Executor, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ idHash: sessions.idHash });
  return removed.length;
}
