/**
 * Every outbox body is sealed at rest (ADR 0006): a recovery code or a Game Pass code waiting to
 * be sent is unreadable in the database and its backups. One rule for every mail, so no template
 * can forget it; only the dispatcher (to send) and the dev mailbox open a body.
 */
import { createSealedBox } from '../../lib/sealed-box';
import type { RenderedEmail } from './templates';

export type MailBodies = { textBody: string; htmlBody: string };
export type SealedEmail = Pick<RenderedEmail, 'template' | 'subject'> & MailBodies;

export function createMailSeal(appSecret: string) {
  const box = createSealedBox(appSecret, 'email-outbox');
  // A delivered mail's bodies are blanked: nothing left to open.
  const openBody = (sealed: string) => (sealed === '' ? '' : box.open(sealed));
  return {
    seal: (mail: RenderedEmail): SealedEmail => ({
      template: mail.template,
      subject: mail.subject,
      textBody: box.seal(mail.text),
      htmlBody: box.seal(mail.html),
    }),
    /** The bodies in plain text, or null when sealed under another APP_SECRET (or altered). */
    open(row: MailBodies): MailBodies | null {
      const textBody = openBody(row.textBody);
      const htmlBody = openBody(row.htmlBody);
      return textBody === null || htmlBody === null ? null : { textBody, htmlBody };
    },
  };
}
