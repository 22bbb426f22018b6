/** Recovery codes and reset tokens: the ways back into an account (recovery.service.ts). */
import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { deleteBatch } from '../../db/batch-delete';
import type { Executor } from '../../db/client';
import { recoveryCodes, resetTokens } from '../../db/schema/accounts';
import { deletedUserIds } from './accounts.repository';

export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;

/** Replaces the user's live code (at most one per user). */
export async function upsertRecoveryCode(
  db: Executor,
  row: { userId: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insert(recoveryCodes)
    .values({ ...row, attempts: 0, createdAt: row.now })
    .onConflictDoUpdate({
      target: recoveryCodes.userId,
      set: { codeHash: row.codeHash, expiresAt: row.expiresAt, attempts: 0, createdAt: row.now },
    });
}

export async function findRecoveryCode(
  db: Executor,
  userId: string,
): Promise<RecoveryCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .for('update')
    .limit(1);
  return row;
}

export async function setRecoveryAttempts(
  db: Executor,
  userId: string,
  attempts: number,
): Promise<void> {
  await db.update(recoveryCodes).set({ attempts }).where(eq(recoveryCodes.userId, userId));
}

export async function deleteRecoveryCode(db: Executor, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function insertResetToken(
  db: Executor,
  row: { tokenHash: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(resetTokens).values({
    tokenHash: row.tokenHash,
    userId: row.userId,
    expiresAt: row.expiresAt,
    createdAt: row.now,
  });
}

const liveResetToken = (tokenHash: string, userId: string, now: Date) =>
  and(
    eq(resetTokens.tokenHash, tokenHash),
    eq(resetTokens.userId, userId),
    isNull(resetTokens.usedAt),
    gt(resetTokens.expiresAt, now),
  );

/** Marks the token used if it is live and the user's; true when this call consumed it. */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(liveResetToken(tokenHash, userId, now))
    .returning({ tokenHash: resetTokens.tokenHash });
  return rows.length === 1;
}

/** True when the token is live and the user's (checked before the costly password hash). */
export async function isLiveResetToken(
  db: Executor,
  tokenHash: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: resetTokens.tokenHash })
    .from(resetTokens)
    .where(liveResetToken(tokenHash, userId, now))
    .limit(1);
  return rows.length === 1;
}

/** Ends every way back in that a reset leaves open: other reset tokens and a pending code. */
export async function revokeRecovery(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
  await deleteRecoveryCode(db, userId);
}

/** Every way back into the account a recovery left open: codes and reset tokens. */
export async function deleteRecoveryOf(db: Executor, userId: string): Promise<void> {
  await db.delete(resetTokens).where(eq(resetTokens.userId, userId));
  await deleteRecoveryCode(db, userId);
}

/** Recovery codes past their life (retention); a used one is deleted when used. */
export function purgeExpiredRecoveryCodes(db: Executor, now: Date, limit: number) {
  return deleteBatch(
    db,
    recoveryCodes,
    recoveryCodes.userId,
    lte(recoveryCodes.expiresAt, now),
    limit,
  );
}

/** Reset tokens used, revoked or past their life (retention). */
export function purgeSpentResetTokens(db: Executor, now: Date, limit: number) {
  const spent = or(lte(resetTokens.expiresAt, now), isNotNull(resetTokens.usedAt));
  return deleteBatch(db, resetTokens, resetTokens.tokenHash, spent, limit);
}

/**
 * Recovery codes and reset tokens of deleted accounts, which a recovery request racing the
 * deletion may have written after it: one batch of each.
 */
export async function purgeRecoveryOfDeleted(db: Executor, limit: number): Promise<number> {
  const codes = inArray(recoveryCodes.userId, deletedUserIds(db));
  const tokens = inArray(resetTokens.userId, deletedUserIds(db));
  return (
    (await deleteBatch(db, recoveryCodes, recoveryCodes.userId, codes, limit)) +
    (await deleteBatch(db, resetTokens, resetTokens.tokenHash, tokens, limit))
  );
}
