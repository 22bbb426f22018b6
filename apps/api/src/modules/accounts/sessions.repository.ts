/** Session rows: only the SHA-256 of the cookie value is ever stored or looked up. */
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { deleteBatch } from '../../db/batch-delete';
import type { Database, Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import { accountColumns, deletedUserIds, isLive, type Account } from './accounts.repository';

export type SessionAccountRow = {
  purpose: string;
  /** Epoch milliseconds: a number parses far faster than a timestamp on every request. */
  lastSeenAtMs: number;
  expiresAtMs: number;
  /** Epoch ms of the session's two-factor check and of its last password-and-code check. */
  secondFactorAtMs: number | null;
  reauthAtMs: number | null;
  account: Account;
};

const epochMs = (column: AnyPgColumn) =>
  sql<number>`(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);
/** The same of a nullable column: Drizzle maps a null to null without calling Number. */
const epochMsOrNull = (column: AnyPgColumn) =>
  sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);

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

// A session that a sign-in racing the account's deletion wrote opens nothing (`isLive`).
function prepareSessionAccount(db: Database) {
  return db
    .select({
      purpose: sessions.purpose,
      lastSeenAtMs: epochMs(sessions.lastSeenAt),
      expiresAtMs: epochMs(sessions.expiresAt),
      secondFactorAtMs: epochMsOrNull(sessions.secondFactorAt),
      reauthAtMs: epochMsOrNull(sessions.reauthAt),
      account: accountColumns,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), isLive))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_account');
}

/** Built once per database: the statement every signed-in request runs. */
const preparedSessionAccount = new WeakMap<Database, ReturnType<typeof prepareSessionAccount>>();

/** The session and its user's account in one round trip (a prepared statement). */
export async function findSessionAccount(
  db: Database,
  idHash: string,
): Promise<SessionAccountRow | undefined> {
  let statement = preparedSessionAccount.get(db);
  if (statement === undefined) {
    statement = prepareSessionAccount(db);
    preparedSessionAccount.set(db, statement);
  }
  const [row] = await statement.execute({ idHash });
  return row;
}

export async function touchSession(db: Executor, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

/**
 * Records the session's two-factor check (and, with `reauth`, its password-and-code check)
 * and moves it to `newIdHash`; false when the session is gone.
 */
export async function markSecondFactor(
  db: Executor,
  idHash: string,
  change: { newIdHash: string; at: Date; reauth: boolean },
): Promise<boolean> {
  const { newIdHash, at, reauth } = change;
  const moved = await db
    .update(sessions)
    .set(
      reauth
        ? { idHash: newIdHash, secondFactorAt: at, reauthAt: at }
        : { idHash: newIdHash, secondFactorAt: at },
    )
    .where(eq(sessions.idHash, idHash))
    .returning({ idHash: sessions.idHash });
  return moved.length > 0;
}

/** Records the password-and-code check of a session that passed two-factor before. */
export async function markReauth(db: Executor, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ reauthAt: at }).where(eq(sessions.idHash, idHash));
}

/**
 * Takes one of the session's `max` two-factor code tries (atomically: concurrent codes of one
 * session cannot take more); false when none is left or the session is gone.
 */
export async function takeCodeTry(db: Executor, idHash: string, max: number): Promise<boolean> {
  const taken = await db
    .update(sessions)
    .set({ codeTries: sql`${sessions.codeTries} + 1` })
    .where(and(eq(sessions.idHash, idHash), sql`${sessions.codeTries} < ${max}`))
    .returning({ idHash: sessions.idHash });
  return taken.length > 0;
}

/** Gives a try back: the code was right, or was never checked. */
export async function giveCodeTryBack(db: Executor, idHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ codeTries: sql`greatest(${sessions.codeTries} - 1, 0)` })
    .where(eq(sessions.idHash, idHash));
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

/** Sessions past their absolute end or idle since `idleSince` (retention): one batch. */
export function purgeExpiredSessions(
  db: Executor,
  cutoff: { now: Date; idleSince: Date },
  limit: number,
): Promise<number> {
  const over = or(lte(sessions.expiresAt, cutoff.now), lte(sessions.lastSeenAt, cutoff.idleSince));
  return deleteBatch(db, sessions, sessions.idHash, over, limit);
}

/** Sessions of deleted accounts that a sign-in racing the deletion wrote after it: one batch. */
export function purgeSessionsOfDeleted(db: Executor, limit: number): Promise<number> {
  const ofDeleted = inArray(sessions.userId, deletedUserIds(db));
  return deleteBatch(db, sessions, sessions.idHash, ofDeleted, limit);
}

/** Which of these sessions still exist unexpired (a sign-out, reset or deletion removes them). */
export async function findExisting(db: Executor, idHashes: string[], now: Date): Promise<string[]> {
  if (idHashes.length === 0) return [];
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(inArray(sessions.idHash, idHashes), sql`${sessions.expiresAt} > ${now}`));
  return rows.map((row) => row.idHash);
}
