/**
 * Every outbox body is sealed at rest (ADR 0006): a recovery code or a Game Pass code waiting to
 * be sent is unreadable in the database and its backups. One rule for every mail, so no template
 * can forget it; only the dispatcher (to send) and the dev mailbox open a body. Attachments and
 * extra headers (an unsubscribe link carries a token) are sealed the same way, as `extras`.
 */
import { z } from 'zod';
import { createSealedBox } from '../../lib/sealed-box';
import type { RenderedEmail } from './templates';

const mailExtras = z.object({
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), content: z.string() }),
  ),
  headers: z.record(z.string(), z.string()),
});
export type MailExtras = z.infer<typeof mailExtras>;
const NO_EXTRAS: MailExtras = { attachments: [], headers: {} };

export type MailBodies = { textBody: string; htmlBody: string; extras: string };
export type OpenedMail = { textBody: string; htmlBody: string; extras: MailExtras };
export type SealedEmail = Pick<RenderedEmail, 'template' | 'subject'> & MailBodies;

export function createMailSeal(appSecret: string) {
  const box = createSealedBox(appSecret, 'email-outbox');
  // A delivered mail's bodies are blanked: nothing left to open.
  const openBody = (sealed: string) => (sealed === '' ? '' : box.open(sealed));
  function openExtras(sealed: string): MailExtras | null {
    const json = openBody(sealed);
    if (json === null) return null;
    return json === '' ? NO_EXTRAS : mailExtras.parse(JSON.parse(json));
  }
  return {
    seal(mail: RenderedEmail): SealedEmail {
      const extras: MailExtras = {
        attachments: mail.attachments ?? [],
        headers: mail.headers ?? {},
      };
      const none = extras.attachments.length === 0 && Object.keys(extras.headers).length === 0;
      return {
        template: mail.template,
        subject: mail.subject,
        textBody: box.seal(mail.text),
        htmlBody: box.seal(mail.html),
        extras: none ? '' : box.seal(JSON.stringify(extras)),
      };
    },
    /** The mail in plain text, or null when sealed under another APP_SECRET (or altered). */
    open(row: MailBodies): OpenedMail | null {
      const textBody = openBody(row.textBody);
      const htmlBody = openBody(row.htmlBody);
      const extras = openExtras(row.extras);
      return textBody === null || htmlBody === null || extras === null
        ? null
        : { textBody, htmlBody, extras };
    },
  };
}
