/** Operators' TOTP secrets (sealed) and recovery codes (hashed): the two-factor module's rows. */
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema/two-factor';

export type SecretRow = typeof twoFactorSecrets.$inferSelect;

export async function findSecret(db: Executor, userId: string): Promise<SecretRow | undefined> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row;
}

/** A new secret waiting for its first code; replaces one not confirmed, never an enabled one. */
export async function savePendingSecret(
  db: Executor,
  userId: string,
  secretSealed: string,
  now: Date,
): Promise<boolean> {
  const saved = await db
    .insert(twoFactorSecrets)
    .values({ userId, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretSealed, createdAt: now, lastStep: null },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return saved.length === 1;
}

/**
 * Takes time step `step` for the user's secret: true only if no code of this step or a later one
 * was taken before, so the same code cannot be used twice, even by two requests at once.
 */
export async function takeStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(twoFactorSecrets)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return taken.length === 1;
}

/** Turns a pending secret on; false when it was already on (two confirmations at once). */
export async function enable(db: Executor, userId: string, now: Date): Promise<boolean> {
  const enabled = await db
    .update(twoFactorSecrets)
    .set({ enabledAt: now })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
    .returning({ userId: twoFactorSecrets.userId });
  return enabled.length === 1;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
  now: Date,
): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Marks an unused recovery code used; false when there is none with that hash. */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Removes the user's secret and recovery codes (account deletion; a reset by an admin). */
export async function forget(db: Executor, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}
