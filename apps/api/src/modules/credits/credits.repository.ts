/**
 * Balances (the `balances` view over the account row) and their journal (credit_ledger): written
 * only by the credits module.
 */
import { and, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor, type Transaction } from '../../db/client';
import { relation, step, type PostingSteps, type Relation } from '../../db/steps';
import { dateOf, timestamp } from '../../db/sql-text';
import { creditGrants, creditLedger, type POSTING_SOURCES } from '../../db/schema/credits';
import { balances, orderNumbers } from '../../db/schema/views';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type PostingSourceType = (typeof POSTING_SOURCES)[number];
/** A posting to write; its balance after is computed under the lock. */
export type NewLedgerRow = Pick<
  typeof creditLedger.$inferInsert,
  'userId' | 'delta' | 'reason' | 'refType' | 'refId'
> & { createdAt: Date };

/**
 * The query locking the user's balance until the transaction ends, selecting it. SQL text (ADR
 * 0037): a redemption locks the balance first, in its code's read (ADR 0039).
 */
export const balanceLock = (userId: string): SQL =>
  sql`select credits from balances where user_id = ${userId} for update`;

/** The user's balance, locked until the transaction ends; undefined for an unknown user. */
export async function lockBalance(tx: Transaction, userId: string): Promise<number | undefined> {
  const [row] = await queryRows<{ credits: number }>(tx, balanceLock(userId));
  return row?.credits;
}

export async function readBalance(db: Executor, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ credits: balances.credits })
    .from(balances)
    .where(eq(balances.userId, userId))
    .limit(1);
  return row?.credits;
}

/** The posting `refType`/`refId` made that also matches `which`, if any. */
async function findPostingOf(
  db: Executor,
  refType: PostingSourceType,
  refId: string,
  which: SQL,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.refType, refType), eq(creditLedger.refId, refId), which))
    .limit(1);
  return row;
}

/** The debit `refType`/`refId` posted, on whoever's balance (what paid for it), if any. */
export const findPaymentBySource = (db: Executor, refType: PostingSourceType, refId: string) =>
  findPostingOf(db, refType, refId, lt(creditLedger.delta, 0));

/** The posting `refType`/`refId` made on the user's balance, if any. */
export const findPostingBySource = (
  db: Executor,
  userId: string,
  refType: PostingSourceType,
  refId: string,
) => findPostingOf(db, refType, refId, eq(creditLedger.userId, userId));

/** What one posting statement found: the balance it locked and the row it wrote, if any. */
export type PostingResult = { balance: number; posting: LedgerRow | undefined };

/**
 * Posts in one statement, in the caller's transaction: locks the user's row, writes the ledger
 * row unless the balance would go below zero or the source has posted for this user before
 * (the ledger's unique key), and sets the balance it leaves. Undefined for an unknown user.
 * The balance is read under the lock (READ COMMITTED re-reads a row another transaction
 * changed), so concurrent postings chain.
 */
export async function post(tx: Transaction, row: NewLedgerRow): Promise<PostingResult | undefined> {
  const { createdAt } = row;
  const [result] = await queryRows<{
    balance: number;
    id: string | number | null;
    balance_after: number | null;
    created_at: Date | string | null;
  }>(
    tx,
    sql`with balance as (
      select user_id, credits from balances where user_id = ${row.userId} for update
    ), posting as (
      insert into credit_ledger (user_id, delta, reason, ref_type, ref_id, balance_after, created_at)
      select user_id, ${row.delta}, ${row.reason}, ${row.refType}, ${row.refId},
        credits + ${row.delta}, ${timestamp(createdAt)}
      from balance where credits + ${row.delta} >= 0
      on conflict do nothing
      returning id, user_id, balance_after, created_at
    ), moved as (
      update balances set credits = posting.balance_after, updated_at = posting.created_at
      from posting where balances.user_id = posting.user_id
    )
    select balance.credits as balance, posting.id, posting.balance_after, posting.created_at
    from balance left join posting on true`,
  );
  if (result === undefined) return undefined;
  const posting =
    result.id === null || result.balance_after === null || result.created_at === null
      ? undefined
      : {
          id: Number(result.id),
          userId: row.userId,
          delta: row.delta,
          reason: row.reason,
          refType: row.refType,
          refId: row.refId,
          balanceAfter: result.balance_after,
          createdAt: dateOf(result.created_at),
        };
  return { balance: result.balance, posting };
}

/** The relations of a posting's steps (ADR 0054): their names and the columns others read. */
const FUNDED = relation('credits', 'funded', ['user_id', 'credits']);
const POSTING = relation('credits', 'posting', ['user_id', 'balance_after', 'created_at']);
const MOVED = relation('credits', 'moved');

/**
 * A posting as steps of another module's one statement, which runs in no transaction of its own
 * and must write all or nothing (ADR 0040). `funded`: the user's balance, locked, as one row when
 * it covers the delta (none otherwise); the statement reads it before any write or lock of its own
 * (the balance is every module's first lock) and gates its writes on it. `posted`: the ledger row
 * (`posting`) and the balance it leaves, written once for each row of the statement's `gate`.
 * Without ON CONFLICT: a source that posted before fails the whole statement rather than leave
 * its writes unpaid.
 */
export function postingSteps(row: NewLedgerRow, gate: Relation): PostingSteps {
  const funded = FUNDED.columns;
  const posting = POSTING.columns;
  return {
    funded: step(
      FUNDED,
      sql`select user_id, credits from balances
        where user_id = ${row.userId} and credits + ${row.delta} >= 0
        for update`,
    ),
    posted: [
      step(
        POSTING,
        sql`insert into credit_ledger
            (user_id, delta, reason, ref_type, ref_id, balance_after, created_at)
          select ${funded.user_id}, ${row.delta}, ${row.reason}, ${row.refType}, ${row.refId},
            ${funded.credits} + ${row.delta}, ${timestamp(row.createdAt)}
          from ${FUNDED.ref}, ${gate.ref}
          returning user_id, balance_after, created_at`,
      ),
      step(
        MOVED,
        sql`update balances set credits = ${posting.balance_after}, updated_at = ${posting.created_at}
          from ${POSTING.ref} where balances.user_id = ${posting.user_id}`,
      ),
    ],
    posting: POSTING,
  };
}

/**
 * The order a purchase or refund posting came from, by its primary key (the cast sits inside
 * the CASE, so other sources' ids are never cast), read through the `order_numbers` view so the
 * history shows order numbers in the same round trip.
 */
const orderOfPosting = eq(
  orderNumbers.orderId,
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
      orderNumber: orderNumbers.orderNumber,
      grantReason: creditGrants.reason,
    })
    .from(creditLedger)
    .leftJoin(orderNumbers, orderOfPosting)
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

/** Records an operator's grant (a deduction: negative credits); its id becomes the posting's source. */
export async function insertGrant(
  tx: Transaction,
  grant: { userId: string; credits: number; reason: string; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(creditGrants).values(grant).returning({ id: creditGrants.id });
  if (row === undefined) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Credits bought and credits paid for seats per venue day (YYYY-MM-DD in `timeZone`) of
 * [from, to). Seats given back later are not subtracted: spent is what seats cost when taken.
 */
export function soldAndSpentByDay(db: Executor, range: { from: Date; to: Date }, timeZone: string) {
  return db
    .select({
      day: sql<string>`to_char(${creditLedger.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      sold: sql<number>`coalesce(sum(${creditLedger.delta}) filter (where ${creditLedger.reason} = 'purchase'), 0)::int`,
      spent: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where ${creditLedger.reason} <> 'purchase'), 0)::int`,
    })
    .from(creditLedger)
    .where(
      and(
        gte(creditLedger.createdAt, range.from),
        lt(creditLedger.createdAt, range.to),
        inArray(creditLedger.reason, ['purchase', 'book', 'join']),
      ),
    )
    .groupBy(sql`1`);
}
