/**
 * The dev mailbox: what the outbox holds, newest first, as JSON (`GET /api/dev/mailbox`) and as
 * a readable page (`GET /dev/mailbox`). Its mail carries recovery codes, so it is for the
 * developer at this machine only: it exists only outside production with no SMTP_URL
 * (env.devMailbox), answers only a loopback socket with no proxy header (a proxy on this
 * machine relays anyone, whatever Host it sends), asking for the app's own host (a page on
 * another name cannot reach it by DNS rebinding), is never cached, and is otherwise the 404 of
 * an unknown route.
 */
import type { DevMailboxEntry } from '@questfield/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { escapeHtml } from '../../integrations/email/escape-html';
import type { OutboxMail } from '../../integrations/email/mailer';
import { apiRoute } from '../../lib/api-route';
import { isLoopbackIp, normalizedHost, withLoopbackAliases } from '../../lib/origins';
import { hasProxyHeaders } from '../../lib/proxy-headers';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';

const MAILBOX_LIMIT = 50;

function toEntry(row: OutboxMail): DevMailboxEntry {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    attachments: row.extras.attachments,
    headers: row.extras.headers,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * An attachment as the mail client would offer it: a download of the file itself (a data URL
 * with its name, so a calendar file can be opened in a calendar), and its text to read here.
 */
function attachmentPart(file: OutboxMail['extras']['attachments'][number]): string {
  const name = escapeHtml(file.filename);
  const type = escapeHtml(file.contentType);
  // A data URL's media type has no spaces: 'text/calendar;charset=utf-8'.
  const media = escapeHtml(file.contentType.replaceAll(/\s+/g, ''));
  const data = `data:${media};base64,${Buffer.from(file.content, 'utf8').toString('base64')}`;
  return (
    `<details><summary>Attachment: ${name} (${type})</summary>` +
    `<p><a href="${data}" download="${name}">Download ${name}</a></p>` +
    `<pre>${escapeHtml(file.content)}</pre></details>`
  );
}

function mailboxPage(rows: OutboxMail[]): string {
  const items = rows
    .map(
      (row) =>
        `<article><h2>${escapeHtml(row.subject)}</h2><p><b>To:</b> ${escapeHtml(row.toAddress)} · ` +
        `<b>Status:</b> ${escapeHtml(row.status)} · <time>${escapeHtml(row.createdAt.toISOString())}</time></p>` +
        `<pre>${escapeHtml(row.textBody)}</pre>${row.extras.attachments.map(attachmentPart).join('')}</article>`,
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

/** An onRequest hook: the 404 of an unknown route unless this machine asks for our host. */
function localOnly(env: Env) {
  const { protocol } = new URL(env.publicOrigin);
  const hosts = new Set(
    withLoopbackAliases(env.publicOrigin).map((origin) => new URL(origin).host),
  );
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const host = normalizedHost(request.headers.host, protocol);
    const fromThisMachine =
      isLoopbackIp(request.socket.remoteAddress ?? '') && !hasProxyHeaders(request.headers);
    if (!fromThisMachine || host === null || !hosts.has(host)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
  };
}

export function registerDevMailboxRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  if (!env.devMailbox) return;
  const onRequest = localOnly(env);
  app.route({
    ...apiRoute('devMailbox'),
    onRequest,
    handler: async () => (await services.mailer.latest(MAILBOX_LIMIT)).map(toEntry),
  });
  // A page, not an API route; registered before the SPA fallback.
  app.get('/dev/mailbox', { onRequest }, async (_request, reply) => {
    const rows = await services.mailer.latest(MAILBOX_LIMIT);
    return reply.type('text/html; charset=utf-8').send(mailboxPage(rows));
  });
}
