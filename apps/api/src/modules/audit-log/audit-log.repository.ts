/** The audit log (audit_log): rows are only ever added, and read newest first. */
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { playerNames } from '../../db/schema/views';

/** A row, with the name the account acted on goes by now (null when there is none). */
export type AuditRow = typeof auditLog.$inferSelect & { playerName: string | null };
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'> & { at: Date };

/** Which rows to read; every field narrows, and each has an index (with `at`). */
export type AuditQuery = {
  actorId?: string;
  targetUserId?: string;
  action?: AuditRow['action'];
  /** From (inclusive) and to (exclusive). */
  between?: { from: Date; to: Date };
  /** Older than this id: the page after one that ended there. */
  beforeId?: number;
  limit: number;
};

export async function insertEntry(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function listEntries(db: Executor, query: AuditQuery): Promise<AuditRow[]> {
  const { between } = query;
  return db
    .select({ ...getTableColumns(auditLog), playerName: playerNames.username })
    .from(auditLog)
    .leftJoin(playerNames, eq(playerNames.userId, auditLog.targetUserId))
    .where(
      and(
        query.actorId === undefined ? undefined : eq(auditLog.actorId, query.actorId),
        query.targetUserId === undefined
          ? undefined
          : eq(auditLog.targetUserId, query.targetUserId),
        query.action === undefined ? undefined : eq(auditLog.action, query.action),
        between === undefined ? undefined : gte(auditLog.at, between.from),
        between === undefined ? undefined : lt(auditLog.at, between.to),
        query.beforeId === undefined ? undefined : lt(auditLog.id, query.beforeId),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}

/** The audit actions that move credits, each counted toward an operator's day. */
export type CreditAction = 'users.grant-credits' | 'users.deduct-credits';

/**
 * The credits an operator moved by `actions` since `since`, in all, from those rows (each row's
 * balances before and after), counted after taking the operator's budget lock: an advisory
 * lock held to commit, so concurrent grants of one operator count one another, from every
 * process.
 */
export async function lockAndSumCreditsMoved(
  tx: Executor,
  actorId: string,
  since: Date,
  actions: readonly CreditAction[],
): Promise<number> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`credit-budget|${actorId}`}, 0))`,
  );
  const moved = sql<string>`coalesce(sum(abs(
    (${auditLog.after}->>'balance')::bigint - (${auditLog.before}->>'balance')::bigint
  )), 0)`;
  const [row] = await tx
    .select({ moved })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, actorId),
        gte(auditLog.at, since),
        inArray(auditLog.action, [...actions]),
      ),
    );
  return Number(row?.moved ?? 0);
}

/**
 * When the rows of `action` after `since` were written, oldest first: those about `subject`,
 * or those of one actor (an operator's id; null: the command line). For limits counted from
 * what was done (ADR 0056), read under the caller's lock.
 */
export async function actionTimes(
  db: Executor,
  query: {
    action: AuditRow['action'];
    since: Date;
    subject?: string;
    actor?: { id: string | null };
  },
): Promise<Date[]> {
  const { actor } = query;
  const rows = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, query.action),
        // After `since`: a row leaves the window the moment the refusal's Retry-After names.
        gt(auditLog.at, query.since),
        query.subject === undefined ? undefined : eq(auditLog.subject, query.subject),
        actor === undefined
          ? undefined
          : actor.id === null
            ? eq(auditLog.actorKind, 'command_line')
            : eq(auditLog.actorId, actor.id),
      ),
    )
    .orderBy(asc(auditLog.at));
  return rows.map((row) => row.at);
}

/** The `after` of the row of `action` that recorded the request `requestId`, if one did. */
export async function afterOfRequest(
  db: Executor,
  action: AuditRow['action'],
  requestId: string,
): Promise<unknown> {
  const [row] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.after}->>'requestId' = ${requestId}`))
    .limit(1);
  return row?.after;
}
