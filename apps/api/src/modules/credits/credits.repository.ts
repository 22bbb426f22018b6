/** Balances (users.credits) and their journal (credit_ledger): written only by the credits module. */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { creditLedger, users } from '../../db/schema';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type NewLedgerRow = Pick<
  typeof creditLedger.$inferInsert,
  'userId' | 'delta' | 'reason' | 'refType' | 'refId' | 'balanceAfter' | 'createdAt'
>;

/** The user's balance, locked until the transaction ends; undefined for an unknown user. */
export async function lockBalance(tx: Transaction, userId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row?.credits;
}

export async function readBalance(db: Executor, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.credits;
}

export async function findPostingBySource(
  db: Executor,
  userId: string,
  refType: string,
  refId: string,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.refType, refType),
        eq(creditLedger.refId, refId),
        eq(creditLedger.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

/** Writes the posting and the balance it leaves, in the caller's transaction. */
export async function insertPosting(tx: Transaction, row: NewLedgerRow): Promise<LedgerRow> {
  await tx
    .update(users)
    .set({ credits: row.balanceAfter, updatedAt: row.createdAt })
    .where(eq(users.id, row.userId));
  const [posting] = await tx.insert(creditLedger).values(row).returning();
  if (posting === undefined) throw new Error('insert returned no row');
  return posting;
}

/** The user's postings, newest first, older than `beforeId` when given. */
export async function listPostings(
  db: Executor,
  userId: string,
  page: { beforeId?: number; limit: number },
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        page.beforeId === undefined ? undefined : lt(creditLedger.id, page.beforeId),
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(page.limit);
}
