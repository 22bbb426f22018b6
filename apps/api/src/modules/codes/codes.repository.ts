/** Redeemable codes: stored as HMACs only; Game Passes also sealed for their owner. */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { codes, orders } from '../../db/schema';

export type NewGamePass = {
  codeHash: string;
  credits: number;
  label: string;
  orderId: string;
  ownerId: string;
  sealedCode: string;
  createdAt: Date;
};

export async function insertGamePasses(db: Executor, passes: NewGamePass[]): Promise<void> {
  if (passes.length === 0) return;
  await db.insert(codes).values(passes.map((pass) => ({ ...pass, kind: 'one_time' as const })));
}

/** A player's Game Passes with their order number and redemption, newest first. */
export async function listGamePasses(db: Executor, ownerId: string, limit: number) {
  return db
    .select({
      sealedCode: codes.sealedCode,
      label: codes.label,
      orderNumber: orders.orderNumber,
      redeemedAt: codes.claimedAt,
      createdAt: codes.createdAt,
    })
    .from(codes)
    .innerJoin(orders, eq(orders.id, codes.orderId))
    .where(eq(codes.ownerId, ownerId))
    .orderBy(desc(codes.createdAt), desc(codes.id))
    .limit(limit);
}
