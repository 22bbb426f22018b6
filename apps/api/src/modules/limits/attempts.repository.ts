/** Attempts counted by the limiter (auth_attempts): per kind and subject, or per kind and IP. */
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { deleteBatch } from '../../db/batch-delete';
import { queryRows, type Executor, type Transaction } from '../../db/client';
import { dateOrNull, timestamp } from '../../db/sql-text';
import { relation, step, type Relation, type Step } from '../../db/steps';
import { authAttempts, type AUTH_ATTEMPT_KINDS } from '../../db/schema/limits';

export type AttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];

/**
 * Records an attempt; returns its id so its outcome can be settled later. SQL text (ADR 0037):
 * every limited request records one.
 */
export async function recordAttempt(
  db: Executor,
  row: { kind: AttemptKind; subject: string; ip: string; succeeded: boolean; at: Date },
): Promise<number> {
  const [inserted] = await queryRows<{ id: number | string }>(
    db,
    sql`insert into auth_attempts (kind, subject, ip, succeeded, created_at)
      values (${row.kind}, ${row.subject}, ${row.ip}, ${row.succeeded}, ${timestamp(row.at)})
      returning id`,
  );
  // A bigserial: Postgres answers it as text.
  return Number(inserted?.id ?? 0);
}

/** The relation of an attempt's row written as a step of another module's statement. */
const ATTEMPT = relation('limits', 'attempt');

/**
 * An attempt's row as the CTE `attempt` of another module's statement (ADR 0041): written, as a
 * success, once for each row of that statement's `gate`.
 */
export function attemptStep(
  row: { kind: AttemptKind; subject: string; ip: string; at: Date },
  gate: Relation,
): Step {
  return step(
    ATTEMPT,
    sql`insert into auth_attempts (kind, subject, ip, succeeded, created_at)
      select ${row.kind}, ${row.subject}, ${row.ip}, true, ${timestamp(row.at)} from ${gate.ref}`,
  );
}

export async function settleAttempt(db: Executor, id: number, succeeded: boolean): Promise<void> {
  await db.update(authAttempts).set({ succeeded }).where(eq(authAttempts.id, id));
}

export async function deleteAttempt(db: Executor, id: number): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.id, id));
}

/**
 * Serialises every transaction that counts the same keys until it commits, on Postgres and
 * PGlite alike, so a count and the row it admits act as one step. Keys are locked in one order
 * (a select list is evaluated left to right) so two transactions never wait on each other
 * crosswise; one statement for all of them, one round trip.
 */
export async function lockKeys(tx: Transaction, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  const locks = sorted.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
}

export type AttemptFilter = {
  kind: AttemptKind;
  since: Date;
  subject?: string;
  ip?: string;
  /** Only failures (true) or every attempt (undefined). */
  failedOnly?: boolean;
  /** Only attempts recorded after this one (ids grow with time, unlike a fixed clock). */
  afterId?: number;
};

/** A filter as a condition of SQL text (ADR 0037: every limited request counts its rules). */
function where(filter: AttemptFilter): SQL {
  const conditions = [sql`kind = ${filter.kind}`, sql`created_at >= ${timestamp(filter.since)}`];
  if (filter.subject !== undefined) conditions.push(sql`subject = ${filter.subject}`);
  if (filter.ip !== undefined) conditions.push(sql`ip = ${filter.ip}`);
  if (filter.failedOnly === true) conditions.push(sql`not succeeded`);
  if (filter.afterId !== undefined) conditions.push(sql`id > ${filter.afterId}`);
  return sql.join(conditions, sql` and `);
}

/** How many attempts, from how many addresses, the latest and the oldest. */
export type AttemptCount = { count: number; addresses: number; latest: Date | null; oldest: Date };

export async function countAttempts(db: Executor, filter: AttemptFilter): Promise<AttemptCount> {
  const [row] = await queryRows<{
    count: number;
    addresses: number;
    latest: string | null;
    oldest: string | null;
  }>(
    db,
    sql`select count(*)::int as count, count(distinct ip)::int as addresses,
        max(created_at) as latest, min(created_at) as oldest
      from auth_attempts where ${where(filter)}`,
  );
  return {
    count: row?.count ?? 0,
    addresses: row?.addresses ?? 0,
    latest: dateOrNull(row?.latest ?? null),
    oldest: dateOrNull(row?.oldest ?? null) ?? filter.since,
  };
}

/**
 * The counts of several filters in one statement (one round trip): each filter's count and its
 * oldest attempt, over the rows any of them matches.
 */
export async function countEach(
  db: Executor,
  filters: AttemptFilter[],
): Promise<Pick<AttemptCount, 'count' | 'oldest'>[]> {
  if (filters.length === 0) return [];
  const conditions = filters.map(where);
  const columns = conditions.map(
    (condition, i) =>
      sql`count(*) filter (where ${condition})::int as ${sql.raw(`count${i}`)},
        (extract(epoch from min(created_at) filter (where ${condition})) * 1000)::float8
          as ${sql.raw(`oldest${i}`)}`,
  );
  const anyOf = sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` or `,
  );
  const [row] = await queryRows<Record<string, number | null>>(
    db,
    sql`select ${sql.join(columns, sql`, `)} from auth_attempts where ${anyOf}`,
  );
  return filters.map((filter, i) => {
    const oldestMs = row?.[`oldest${i}`];
    return {
      count: row?.[`count${i}`] ?? 0,
      oldest: typeof oldestMs === 'number' ? new Date(oldestMs) : filter.since,
    };
  });
}

/** The id of a subject's last success, so failures before it stop counting toward backoff. */
export async function lastSuccess(
  db: Executor,
  kind: AttemptKind,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.subject, subject),
        eq(authAttempts.succeeded, true),
      ),
    )
    .orderBy(desc(authAttempts.id))
    .limit(1);
  return row?.id;
}

/** Attempts recorded before `before` (retention): one batch. */
export function purgeAttemptsBefore(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, authAttempts, authAttempts.id, lt(authAttempts.createdAt, before), limit);
}
