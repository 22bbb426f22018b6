/** Redeemable codes: stored as HMACs only; Game Passes also sealed for their owner. */
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { codes, redemptions, type CODE_KINDS } from '../../db/schema/codes';
import { orderNumbers } from '../../db/schema/views';

export type CodeKind = (typeof CODE_KINDS)[number];

export type NewCode = {
  codeHash: string;
  kind: CodeKind;
  credits: number;
  label: string;
  expiresAt?: Date | null;
  /** A Game Pass: the order that issued it, its buyer and the code sealed for them. */
  orderId?: string;
  ownerId?: string;
  sealedCode?: string;
  createdAt: Date;
};

/** Rows per INSERT, well below Postgres's 65,535 parameters per statement. */
const INSERT_CHUNK = 1_000;

export async function insertCodes(db: Executor, rows: NewCode[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(codes).values(rows.slice(start, start + INSERT_CHUNK));
  }
}

/** Creates the codes whose HMAC is not stored yet (fixed codes, e.g. the demo's); how many. */
export async function insertMissingCodes(db: Executor, rows: NewCode[]): Promise<number> {
  const created = await db
    .insert(codes)
    .values(rows)
    .onConflictDoNothing({ target: codes.codeHash })
    .returning({ id: codes.id });
  return created.length;
}

/** A Game Pass with its order number, and who redeemed it when. */
const passColumns = {
  sealedCode: codes.sealedCode,
  label: codes.label,
  orderNumber: orderNumbers.orderNumber,
  redeemedAt: codes.claimedAt,
  redeemedBy: codes.claimedBy,
  createdAt: codes.createdAt,
};

/** A player's Game Passes with their order number and redemption, newest first. */
export async function listGamePasses(db: Executor, ownerId: string, limit: number) {
  return db
    .select(passColumns)
    .from(codes)
    .innerJoin(orderNumbers, eq(orderNumbers.orderId, codes.orderId))
    .where(eq(codes.ownerId, ownerId))
    .orderBy(desc(codes.createdAt), desc(codes.id))
    .limit(limit);
}

/** Game Passes of other players' orders that the player redeemed, latest redemption first. */
export async function listRedeemedPasses(db: Executor, userId: string, limit: number) {
  return db
    .select(passColumns)
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .innerJoin(orderNumbers, eq(orderNumbers.orderId, codes.orderId))
    .where(and(eq(redemptions.userId, userId), ne(codes.ownerId, userId)))
    .orderBy(desc(redemptions.redeemedAt))
    .limit(limit);
}

/** The player's redemptions of codes of every kind, latest first. */
export async function listRedemptions(db: Executor, userId: string, limit: number) {
  return db
    .select({
      label: redemptions.codeLabel,
      kind: codes.kind,
      credits: codes.credits,
      redeemedAt: redemptions.redeemedAt,
    })
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .where(eq(redemptions.userId, userId))
    .orderBy(desc(redemptions.redeemedAt))
    .limit(limit);
}

/** A code with the caller's own redemption of it (`mine`), by its HMAC or its id. */
export async function findCode(
  db: Executor,
  key: { codeHash: string } | { id: string },
  callerId: string,
) {
  const [row] = await db
    .select({
      id: codes.id,
      kind: codes.kind,
      label: codes.label,
      credits: codes.credits,
      expiresAt: codes.expiresAt,
      revokedAt: codes.revokedAt,
      claimedAt: codes.claimedAt,
      mine: redemptions.redeemedAt,
    })
    .from(codes)
    .leftJoin(redemptions, and(eq(redemptions.codeId, codes.id), eq(redemptions.userId, callerId)))
    .where('codeHash' in key ? eq(codes.codeHash, key.codeHash) : eq(codes.id, key.id))
    .limit(1);
  return row;
}
export type CodeState = NonNullable<Awaited<ReturnType<typeof findCode>>>;

/**
 * Claims a one-time code for `userId` if it is still free, live and not revoked: one statement,
 * so of any number of concurrent claims exactly one matches (the others wait for its row lock,
 * then see it claimed). False when another claim won or the code stopped being redeemable.
 */
export async function claimCode(
  tx: Transaction,
  codeId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .update(codes)
    .set({ claimedBy: userId, claimedAt: now })
    .where(
      and(
        eq(codes.id, codeId),
        eq(codes.kind, 'one_time'),
        isNull(codes.claimedAt),
        isNull(codes.revokedAt),
        or(isNull(codes.expiresAt), gt(codes.expiresAt, now)),
      ),
    )
    .returning({ id: codes.id });
  return claimed.length > 0;
}

/** False when the player has redeemed this code before (the key is code and player). */
export async function insertRedemption(
  tx: Transaction,
  row: { codeId: string; userId: string; codeLabel: string; redeemedAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(redemptions)
    .values(row)
    .onConflictDoNothing()
    .returning({ codeId: redemptions.codeId });
  return inserted.length > 0;
}

/** Revokes a code; its label, or undefined when there is no such code or it was revoked already. */
export async function revokeCode(
  db: Executor,
  codeHash: string,
  now: Date,
): Promise<string | undefined> {
  const [revoked] = await db
    .update(codes)
    .set({ revokedAt: now })
    .where(and(eq(codes.codeHash, codeHash), isNull(codes.revokedAt)))
    .returning({ label: codes.label });
  return revoked?.label;
}

/**
 * Revokes every pass a refunded order issued (redeemed or not: a revoked pass unlocks nothing)
 * and returns the redeemed ones' claimers with the credits each brought.
 */
export async function revokeOrderPasses(tx: Transaction, orderId: string, now: Date) {
  const revoked = await tx
    .update(codes)
    .set({ revokedAt: now })
    .where(and(eq(codes.orderId, orderId), isNull(codes.revokedAt)))
    .returning({ claimedBy: codes.claimedBy, credits: codes.credits });
  return revoked.flatMap(({ claimedBy, credits }) =>
    claimedBy === null ? [] : [{ userId: claimedBy, credits }],
  );
}

const redemptionCount = sql<number>`(select count(*)::int from ${redemptions} where ${redemptions.codeId} = ${codes.id})`;

/** Codes for the operator, newest first; `unredeemed`: nobody has redeemed them. */
export async function listCodes(
  db: Executor,
  filter: { kind?: CodeKind; unredeemed: boolean; limit: number },
) {
  const rows = await db
    .select({
      id: codes.id,
      label: codes.label,
      kind: codes.kind,
      credits: codes.credits,
      expiresAt: codes.expiresAt,
      revokedAt: codes.revokedAt,
      redemptions: redemptionCount,
      createdAt: codes.createdAt,
    })
    .from(codes)
    .where(
      and(
        filter.kind === undefined ? undefined : eq(codes.kind, filter.kind),
        filter.unredeemed ? sql`${redemptionCount} = 0` : undefined,
      ),
    )
    .orderBy(desc(codes.createdAt), desc(codes.id))
    .limit(filter.limit);
  return rows;
}
export type ListedCodeRow = Awaited<ReturnType<typeof listCodes>>[number];

/** Whether the player has redeemed a one-time code (a Game Pass, printed or bought). */
export async function hasRedeemedOneTime(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ codeId: redemptions.codeId })
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .where(and(eq(redemptions.userId, userId), eq(codes.kind, 'one_time'), isNull(codes.revokedAt)))
    .limit(1);
  return row !== undefined;
}
