/**
 * Sends the email outbox. Actions only INSERT a row in their own transaction (so a rolled-back
 * action sends nothing and a request never waits on SMTP); this dispatcher delivers afterwards:
 *
 * - with SMTP_URL: claims due rows (a lease, SKIP LOCKED), sends them with nodemailer, marks them
 *   `sent`, or records the error and retries with exponential backoff (30 s, 1 min, 2 min, ...)
 *   until MAX_ATTEMPTS, then `failed`. Delivery is at-least-once: a crash between sending and
 *   marking can send a mail twice, never lose it.
 * - without SMTP_URL: rows become `dev` and stay readable in the dev mailbox.
 *
 * Drafts are sealed at rest (mail-seal.ts): opened and rendered here only to send (ADR 0044),
 * blanked once sent or given up, and every finished row is deleted FINISHED_TTL_MS after it was
 * queued.
 *
 * It polls every POLL_INTERVAL_MS and is woken right after an enqueue. Passes never overlap.
 * Tests call `runOnce()` directly with a fake clock; `start()`/`stop()` are for the server.
 */
import type { VenueDetails } from '@questfield/contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createMailSeal } from './mail-seal';
import * as outbox from './outbox.repository';
import type { RenderMail } from './templates';

const POLL_INTERVAL_MS = 5_000;
/** @internal Exported for tests. */
export const MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 30 * 60_000;
/**
 * Long enough to look into a delivery problem, short enough not to keep a mailbox's worth.
 * @internal Exported for tests.
 */
export const FINISHED_TTL_MS = 24 * 60 * 60_000;
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 20;
/** Why a mail was given up unsent: its key is gone, or no template of this version renders it. */
const UNOPENED = 'sealed under another APP_SECRET, or its draft no longer renders';

export type MailTransport = Pick<Transporter, 'sendMail' | 'close'>;

export type EmailDispatcherOptions = {
  db: Database;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  smtpUrl: string | null;
  mailFrom: string;
  /** Opens the sealed drafts (mail-seal.ts). */
  appSecret: string;
  /** Renders an opened draft. */
  renderMail: RenderMail;
  /** The venue's details as stored now, read once per pass for the mails it renders. */
  venueDetails: () => Promise<VenueDetails>;
  /** Replaces the SMTP transport built from smtpUrl. */
  transport?: MailTransport;
  /** How often it polls (POLL_INTERVAL_MS; tests lengthen it to see what a wake does alone). */
  pollMs?: number;
};

export type RunReport = {
  sent: number;
  retried: number;
  failed: number;
  dev: number;
  purged: number;
};
type Outcome = 'sent' | 'retried' | 'failed';

/** @internal Exported for tests. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export function createEmailDispatcher(options: EmailDispatcherOptions) {
  const { db, clock, logger, smtpUrl, mailFrom } = options;
  const seal = createMailSeal(options.appSecret, options.renderMail);
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

  /** Records a failed attempt: retried later with backoff, or given up after the last one. */
  async function recordFailure(
    row: outbox.OutboxRow,
    reason: string,
    final = false,
  ): Promise<Outcome> {
    const attempts = row.attempts + 1;
    const giveUp = final || attempts >= MAX_ATTEMPTS;
    await outbox.markFailedAttempt(db, row.id, {
      attempts,
      giveUp,
      lastError: reason,
      nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
    });
    logger.warn({ emailId: row.id, attempts, giveUp, reason }, 'email not sent');
    return giveUp ? 'failed' : 'retried';
  }

  async function deliver(
    sender: MailTransport,
    row: outbox.OutboxRow,
    venue: VenueDetails,
  ): Promise<Outcome> {
    const bodies = seal.open(row, venue);
    // No retry can help: the key that sealed it is gone, or its template with it.
    if (bodies === null) return recordFailure(row, UNOPENED, true);
    try {
      await sender.sendMail({
        from: mailFrom,
        to: row.toAddress,
        subject: bodies.subject,
        text: bodies.textBody,
        html: bodies.htmlBody === '' ? undefined : bodies.htmlBody,
        attachments: bodies.extras.attachments,
        headers: bodies.extras.headers,
      });
    } catch (error) {
      return recordFailure(row, error instanceof Error ? error.message : String(error));
    }
    await outbox.markSent(db, row.id, clock.now());
    return 'sent';
  }

  async function pass(): Promise<RunReport> {
    const report: RunReport = { sent: 0, retried: 0, failed: 0, dev: 0, purged: 0 };
    const now = clock.now();
    report.purged = await outbox.purgeFinished(db, new Date(now.getTime() - FINISHED_TTL_MS));
    const sender = getTransport();
    if (sender === null) {
      report.dev = await outbox.markPendingAsDev(db);
      return report;
    }
    const due = await outbox.claimDueEmails(db, now, LEASE_MS, BATCH_SIZE);
    if (due.length === 0) return report;
    const venue = await options.venueDetails();
    for (const row of due) {
      report[await deliver(sender, row, venue)] += 1;
    }
    return report;
  }

  /**
   * One pass over the due rows; a call during a pass waits for it, then runs its own. A wake that
   * met a pass gets one pass more when it ends, however many wakes it met.
   */
  async function runOnce(): Promise<RunReport> {
    while (running !== null) await running.catch(() => undefined);
    running = pass();
    try {
      return await running;
    } finally {
      running = null;
      if (again) {
        again = false;
        tick();
      }
    }
  }

  /**
   * A pass now, or one more after the pass in flight. Only a pass's end starts the one asked
   * for during it: were a waiting tick to ask again, two would keep each other going forever.
   */
  function tick(): void {
    if (!started) return;
    if (running !== null) {
      again = true;
      return;
    }
    runOnce().catch((error: unknown) => logger.error({ err: error }, 'email dispatch failed'));
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
      timer = setInterval(tick, options.pollMs ?? POLL_INTERVAL_MS);
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
