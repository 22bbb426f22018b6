/** The e-mail outbox: rows are queued inside the action's transaction and sent after commit. */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { RenderedEmail } from './templates';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function enqueueEmail(
  db: Executor,
  to: string,
  mail: RenderedEmail,
  now: Date,
): Promise<void> {
  await db.insert(emailOutbox).values({
    toAddress: to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    template: mail.template,
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
  });
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
      attempts: update.attempts,
      nextAttemptAt: update.nextAttemptAt,
      lastError: update.lastError.slice(0, 500),
      status: update.giveUp ? 'failed' : 'pending',
    })
    .where(eq(emailOutbox.id, id));
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
