/**
 * The dev mailbox: what the outbox holds, newest first, as JSON (`GET /api/dev/mailbox`) and as
 * a readable page (`GET /dev/mailbox`). Neither exists in production.
 */
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { escapeHtml } from '../../integrations/email/escape-html';
import { latestEmails, type OutboxRow } from '../../integrations/email/outbox.repository';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';

const MAILBOX_LIMIT = 50;

const mailboxEntry = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

function toEntry(row: OutboxRow) {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  };
}

function mailboxPage(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) =>
        `<article><h2>${escapeHtml(row.subject)}</h2><p><b>To:</b> ${escapeHtml(row.toAddress)} · ` +
        `<b>Status:</b> ${escapeHtml(row.status)} · <time>${escapeHtml(row.createdAt.toISOString())}</time></p>` +
        `<pre>${escapeHtml(row.textBody)}</pre></article>`,
    )
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}',
    'article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>',
    '</head><body><h1>Dev mailbox</h1>',
    rows.length === 0 ? '<p>No mail yet.</p>' : items,
    '</body></html>',
  ].join('');
}

export function registerDevMailboxRoutes(app: ZodApp, deps: AppDeps): void {
  app.route({
    ...apiRoute('devMailbox'),
    schema: { response: { 200: z.array(mailboxEntry) } },
    handler: async () => (await latestEmails(deps.db.db, MAILBOX_LIMIT)).map(toEntry),
  });
  // A page, not an API route; registered before the SPA fallback, absent in production.
  if (deps.env.isProduction) return;
  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await latestEmails(deps.db.db, MAILBOX_LIMIT);
    return reply.type('text/html; charset=utf-8').send(mailboxPage(rows));
  });
}
