/**
 * Sends the e-mail outbox. Actions only INSERT a row in their own transaction (so a rolled-back
 * action sends nothing and a request never waits on SMTP); this dispatcher delivers afterwards:
 *
 * - with SMTP_URL: claims due rows (a lease, SKIP LOCKED), sends them with nodemailer, marks them
 *   `sent`, or records the error and retries with exponential backoff (30 s, 1 min, 2 min, ...)
 *   until MAX_ATTEMPTS, then `failed`. Delivery is at-least-once: a crash between sending and
 *   marking can send a mail twice, never lose it.
 * - without SMTP_URL: rows become `dev` and stay readable in the dev mailbox.
 *
 * It polls every POLL_INTERVAL_MS and is woken right after an enqueue. Passes never overlap.
 * Tests call `runOnce()` directly with a fake clock; `start()`/`stop()` are for the server.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import * as outbox from './outbox.repository';

export const POLL_INTERVAL_MS = 5_000;
export const MAX_ATTEMPTS = 6;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 30 * 60_000;
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 20;

export type MailTransport = Pick<Transporter, 'sendMail' | 'close'>;

export type EmailDispatcherOptions = {
  db: Database;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  smtpUrl: string | null;
  mailFrom: string;
  /** Replaces the SMTP transport built from smtpUrl. */
  transport?: MailTransport;
};

export type RunReport = { sent: number; retried: number; failed: number; dev: number };

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export function createEmailDispatcher(options: EmailDispatcherOptions) {
  const { db, clock, logger, smtpUrl, mailFrom } = options;
  let transport: MailTransport | null = options.transport ?? null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RunReport> | null = null;
  let again = false;
  let started = false;

  function getTransport(): MailTransport | null {
    if (transport === null && smtpUrl !== null) {
      transport = nodemailer.createTransport(smtpUrl);
    }
    return transport;
  }

  async function pass(): Promise<RunReport> {
    const report: RunReport = { sent: 0, retried: 0, failed: 0, dev: 0 };
    const sender = getTransport();
    if (sender === null) {
      report.dev = await outbox.markPendingAsDev(db);
      return report;
    }
    const rows = await outbox.claimDueEmails(db, clock.now(), LEASE_MS, BATCH_SIZE);
    for (const row of rows) {
      try {
        await sender.sendMail({
          from: mailFrom,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody === '' ? undefined : row.htmlBody,
        });
        await outbox.markSent(db, row.id, clock.now());
        report.sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        const lastError = error instanceof Error ? error.message : String(error);
        await outbox.markFailedAttempt(db, row.id, {
          attempts,
          giveUp,
          lastError,
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
        });
        if (giveUp) report.failed += 1;
        else report.retried += 1;
        logger.warn({ emailId: row.id, attempts, giveUp, reason: lastError }, 'email not sent');
      }
    }
    return report;
  }

  /** One pass over the due rows; a call during a pass waits for it and runs once more. */
  async function runOnce(): Promise<RunReport> {
    while (running !== null) {
      again = true;
      await running.catch(() => undefined);
    }
    again = false;
    running = pass();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  function tick(): void {
    if (!started) return;
    runOnce()
      .catch((error: unknown) => logger.error({ err: error }, 'email dispatch failed'))
      .finally(() => {
        if (again && started) tick();
      });
  }

  return {
    runOnce,
    /** Asks for a pass soon (after an enqueue); a no-op until start(). */
    wake(): void {
      if (!started) return;
      setImmediate(tick);
    },
    start(): void {
      if (started) return;
      started = true;
      timer = setInterval(tick, POLL_INTERVAL_MS);
      timer.unref();
      setImmediate(tick);
    },
    /** Stops polling and waits for a pass in flight, so the database can close after it. */
    async stop(): Promise<void> {
      started = false;
      if (timer !== null) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport?.close();
      transport = options.transport ?? null;
    },
  };
}

export type EmailDispatcher = ReturnType<typeof createEmailDispatcher>;
