/**
 * The email outbox: rows are queued inside the action's transaction and sent after commit.
 * Drafts are stored sealed (mail-seal.ts), blanked once delivered, and finished rows deleted.
 */
import { and, asc, desc, eq, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { timestamp } from '../../db/sql-text';
import { relation, step, type Relation, type Step } from '../../db/steps';
import { emailOutbox } from '../../db/schema/email';
import type { SealedEmail } from './mail-seal';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** A delivered mail keeps no draft or body: it has no reason to, and it may hold a secret. */
const NO_BODY = { draft: '', textBody: '', htmlBody: '', extras: '' };

/** The relation of a mail queued as a step of another module's statement. */
const QUEUED = relation('email', 'queued');

/**
 * The statement queuing a mail, to run on its own (enqueueEmail) or in another module's (ADR
 * 0040: a booking's), once for each row of that statement's `gate`. SQL text rather than
 * Drizzle's builder (ADR 0037): every booking queues one.
 */
function enqueueStatement(to: string, mail: SealedEmail, now: Date, gate?: Relation): SQL {
  const at = timestamp(now);
  const row = sql`${to}, ${mail.draft}, ${mail.template}, 'pending', ${at}, ${at}`;
  return sql`insert into email_outbox
      (to_address, draft, template, status, next_attempt_at, created_at)
    ${gate === undefined ? sql`values (${row})` : sql`select ${row} from ${gate.ref}`}`;
}

/** The step queuing a mail in another module's statement, once for each row of its `gate`. */
export const enqueueStep = (to: string, mail: SealedEmail, now: Date, gate: Relation): Step =>
  step(QUEUED, enqueueStatement(to, mail, now, gate));

/** Queues a mail in the caller's transaction. */
export async function enqueueEmail(
  db: Executor,
  to: string,
  mail: SealedEmail,
  now: Date,
): Promise<void> {
  await db.execute(enqueueStatement(to, mail, now));
}

/**
 * Claims up to `limit` due rows by pushing their next attempt `leaseMs` ahead; with several
 * processes on Postgres, SKIP LOCKED keeps two dispatchers from claiming the same row, and a
 * crashed one's rows come back when the lease runs out.
 */
export async function claimDueEmails(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

export async function markSent(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      ...NO_BODY,
      status: 'sent',
      sentAt: now,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(emailOutbox.id, id));
}

export async function markFailedAttempt(
  db: Executor,
  id: number,
  update: { attempts: number; nextAttemptAt: Date; lastError: string; giveUp: boolean },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      ...(update.giveUp ? NO_BODY : {}),
      attempts: update.attempts,
      nextAttemptAt: update.nextAttemptAt,
      lastError: update.lastError.slice(0, 500),
      status: update.giveUp ? 'failed' : 'pending',
    })
    .where(eq(emailOutbox.id, id));
}

/** Deletes the finished rows (sent, failed, or shown in the dev mailbox) queued before `before`. */
export async function purgeFinished(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(and(ne(emailOutbox.status, 'pending'), lt(emailOutbox.createdAt, before)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/**
 * Mails given up on and still kept (purgeFinished deletes them a day after they were queued),
 * by email_outbox_status_next_idx.
 */
export async function countFailed(db: Executor): Promise<number> {
  const [row] = await db
    .select({ failed: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'failed'));
  return row?.failed ?? 0;
}

/** Without SMTP, pending mail stays readable in the dev mailbox. */
export async function markPendingAsDev(db: Executor): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'dev' })
    .where(eq(emailOutbox.status, 'pending'))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

export async function latestEmails(db: Executor, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
