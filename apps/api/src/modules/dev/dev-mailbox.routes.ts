/**
 * The dev mailbox: what the outbox holds, newest first, as JSON (`GET /api/dev/mailbox`) and as
 * a readable page (`GET /dev/mailbox`). Neither exists in production.
 */
import type { DevMailboxEntry } from '@questfield/contract';
import { escapeHtml } from '../../integrations/email/escape-html';
import type { OutboxMail } from '../../integrations/email/mailer';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../index';

const MAILBOX_LIMIT = 50;

function toEntry(row: OutboxMail): DevMailboxEntry {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  };
}

function mailboxPage(rows: OutboxMail[]): string {
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

export function registerDevMailboxRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  app.route({
    ...apiRoute('devMailbox'),
    handler: async () => (await services.mailer.latest(MAILBOX_LIMIT)).map(toEntry),
  });
  // A page, not an API route; registered before the SPA fallback, absent in production.
  if (env.isProduction) return;
  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await services.mailer.latest(MAILBOX_LIMIT);
    return reply.type('text/html; charset=utf-8').send(mailboxPage(rows));
  });
}
