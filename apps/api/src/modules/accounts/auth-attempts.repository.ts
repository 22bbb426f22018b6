/** Throttling history (auth_attempts): counted per kind and subject, or per kind and IP. */
import { and, count, desc, eq, gte, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authAttempts, type AUTH_ATTEMPT_KINDS } from '../../db/schema';

export type AttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];

export async function recordAttempt(
  db: Executor,
  row: { kind: AttemptKind; subject: string; ip: string; succeeded: boolean; at: Date },
): Promise<void> {
  await db.insert(authAttempts).values({
    kind: row.kind,
    subject: row.subject,
    ip: row.ip,
    succeeded: row.succeeded,
    createdAt: row.at,
  });
}

export type AttemptFilter = {
  kind: AttemptKind;
  since: Date;
  subject?: string;
  ip?: string;
  /** Only failures (true) or every attempt (undefined). */
  failedOnly?: boolean;
};

function where(filter: AttemptFilter) {
  return and(
    eq(authAttempts.kind, filter.kind),
    gte(authAttempts.createdAt, filter.since),
    filter.subject === undefined ? undefined : eq(authAttempts.subject, filter.subject),
    filter.ip === undefined ? undefined : eq(authAttempts.ip, filter.ip),
    filter.failedOnly === true ? eq(authAttempts.succeeded, false) : undefined,
  );
}

export async function countAttempts(
  db: Executor,
  filter: AttemptFilter,
): Promise<{ count: number; latest: Date | null }> {
  const [row] = await db
    .select({ count: count(), latest: max(authAttempts.createdAt) })
    .from(authAttempts)
    .where(where(filter));
  return { count: row?.count ?? 0, latest: row?.latest ?? null };
}

/** The last success of a subject, so failures before it stop counting toward backoff. */
export async function lastSuccess(
  db: Executor,
  kind: AttemptKind,
  subject: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.subject, subject),
        eq(authAttempts.succeeded, true),
      ),
    )
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  return row?.at ?? null;
}
