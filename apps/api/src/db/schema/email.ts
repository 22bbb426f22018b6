/**
 * The email integration's table: the outbox every mail goes through (ADR 0006).
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf } from './columns';

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'dev'] as const;

/** Mail is queued in the request's transaction and sent after commit (SMTP or dev mailbox). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    /** '' for a draft (rendered when sent); the subject of a mail queued before ADR 0044. */
    subject: text('subject').notNull().default(''),
    /**
     * The template's input as sealed JSON (integrations/email/mail-seal.ts, ADR 0044), never
     * plain text; '' once delivered.
     */
    draft: text('draft').notNull().default(''),
    /** A mail queued before ADR 0044: its bodies, each sealed; '' for a draft or once delivered. */
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body').notNull().default(''),
    /** Of a mail queued before ADR 0044: attachments and extra headers as sealed JSON. */
    extras: text('extras').notNull().default(''),
    template: text('template').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    check('email_outbox_status', oneOf('status', EMAIL_STATUSES)),
    check('email_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);
