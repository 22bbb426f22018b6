/**
 * Requests for a second admin's approval (operator_approvals, ADR 0053). A request is decided by
 * one UPDATE that finds it still undecided and unexpired: of two admins deciding at once, the
 * second finds nothing (its row lock waits for the first to commit, then reads the decision).
 */
import {
  aliasedTable,
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operatorApprovals } from '../../db/schema/operator';
import { playerNames } from '../../db/schema/views';

export type ApprovalRow = typeof operatorApprovals.$inferSelect;
export type NewApproval = Pick<
  typeof operatorApprovals.$inferInsert,
  'kind' | 'request' | 'targetUserId' | 'requestedBy' | 'requestedAt' | 'expiresAt'
>;
export type Decision = NonNullable<ApprovalRow['decision']>;

/** A request with the names its people go by now (null for a deleted account's). */
export type NamedApproval = ApprovalRow & {
  targetName: string | null;
  requesterName: string | null;
  deciderName: string | null;
};

export async function insertApproval(db: Executor, row: NewApproval): Promise<ApprovalRow> {
  const [stored] = await db.insert(operatorApprovals).values(row).returning();
  if (stored === undefined) throw new Error('The approval request was not stored.');
  return stored;
}

const target = aliasedTable(playerNames, 'target_names');
const requester = aliasedTable(playerNames, 'requester_names');
const decider = aliasedTable(playerNames, 'decider_names');
const liveName = (names: typeof playerNames) =>
  sql<string | null>`CASE WHEN ${names.deleted} THEN NULL ELSE ${names.username} END`;

function named(db: Executor) {
  return db
    .select({
      ...getTableColumns(operatorApprovals),
      targetName: liveName(target),
      requesterName: liveName(requester),
      deciderName: liveName(decider),
    })
    .from(operatorApprovals)
    .leftJoin(target, eq(target.userId, operatorApprovals.targetUserId))
    .leftJoin(requester, eq(requester.userId, operatorApprovals.requestedBy))
    .leftJoin(decider, eq(decider.userId, operatorApprovals.decidedBy));
}

export async function findApproval(db: Executor, id: string): Promise<NamedApproval | undefined> {
  const [row] = await named(db).where(eq(operatorApprovals.id, id));
  return row;
}

/**
 * The undecided requests asked since `since`, oldest first: the caller tells the waiting from
 * the lapsed (a request lapses a fixed time after it was asked).
 */
export function undecided(db: Executor, since: Date, limit: number): Promise<NamedApproval[]> {
  return named(db)
    .where(and(isNull(operatorApprovals.decision), gt(operatorApprovals.requestedAt, since)))
    .orderBy(operatorApprovals.requestedAt)
    .limit(limit);
}

/** The latest decided requests, newest first. */
export function decided(db: Executor, limit: number): Promise<NamedApproval[]> {
  return named(db)
    .where(isNotNull(operatorApprovals.decision))
    .orderBy(desc(operatorApprovals.decidedAt))
    .limit(limit);
}

/**
 * Marks the request decided when it still waits at `now`; the request, or undefined when it
 * was decided already or has lapsed. In the caller's transaction, so an approval's action and
 * its decision commit together.
 */
export async function decide(
  db: Executor,
  change: { id: string; decision: Decision; by: string; now: Date },
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(operatorApprovals)
    .set({ decision: change.decision, decidedBy: change.by, decidedAt: change.now })
    .where(
      and(
        eq(operatorApprovals.id, change.id),
        isNull(operatorApprovals.decision),
        gt(operatorApprovals.expiresAt, change.now),
      ),
    )
    .returning();
  return row;
}
