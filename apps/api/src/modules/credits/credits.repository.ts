/** Balances (users.credits) and their journal (credit_ledger): written only by the credits module. */
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { creditGrants, creditLedger, orders, users } from '../../db/schema';

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

/**
 * Writes the posting and the balance it leaves, in the caller's transaction; undefined (and
 * nothing written) when its source has posted for this user before (the ledger's unique key).
 */
export async function insertPosting(
  tx: Transaction,
  row: NewLedgerRow,
): Promise<LedgerRow | undefined> {
  const [posting] = await tx.insert(creditLedger).values(row).onConflictDoNothing().returning();
  if (posting === undefined) return undefined;
  await tx
    .update(users)
    .set({ credits: row.balanceAfter, updatedAt: row.createdAt })
    .where(eq(users.id, row.userId));
  return posting;
}

/**
 * The order a purchase or refund posting came from, by its primary key (the cast sits inside
 * the CASE, so other sources' ids are never cast). The one read of the orders table here, so the
 * history shows order numbers in the same round trip.
 */
const orderOfPosting = eq(
  orders.id,
  sql`case when ${creditLedger.refType} in ('order', 'refund') then ${creditLedger.refId}::uuid end`,
);

/**
 * An operator's grant behind an admin posting, by its primary key. Guarded by the uuid pattern
 * as well: other callers may post admin sources whose ids are not grants' (a failed cast would
 * fail the whole history).
 */
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const grantOfPosting = eq(
  creditGrants.id,
  sql`case when ${creditLedger.refType} = 'admin' and ${creditLedger.refId} ~* ${UUID_PATTERN} then ${creditLedger.refId}::uuid end`,
);

export type PostingRow = LedgerRow & { orderNumber: string | null; grantReason: string | null };

/** The user's postings, newest first, older than `beforeId` when given. */
export async function listPostings(
  db: Executor,
  userId: string,
  page: { beforeId?: number; limit: number },
): Promise<PostingRow[]> {
  return db
    .select({
      ...getTableColumns(creditLedger),
      orderNumber: orders.orderNumber,
      grantReason: creditGrants.reason,
    })
    .from(creditLedger)
    .leftJoin(orders, orderOfPosting)
    .leftJoin(creditGrants, grantOfPosting)
    .where(
      and(
        eq(creditLedger.userId, userId),
        page.beforeId === undefined ? undefined : lt(creditLedger.id, page.beforeId),
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(page.limit);
}

/** Records an operator's grant; its id becomes the posting's source. */
export async function insertGrant(
  tx: Transaction,
  grant: { userId: string; credits: number; reason: string; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(creditGrants).values(grant).returning({ id: creditGrants.id });
  if (row === undefined) throw new Error('insert returned no row');
  return row.id;
}
