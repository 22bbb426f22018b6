/**
 * Every outbox mail is sealed at rest (ADR 0006): a recovery code or a Game Pass code waiting to
 * be sent is unreadable in the database and its backups. One rule for every mail, so no template
 * can forget it; only the dispatcher (to send) and the dev mailbox open one.
 *
 * A mail is kept as its draft (ADR 0044): the template's input as JSON, sealed as one part, and
 * rendered when it is opened. Rows queued before migration 0028 hold their rendered bodies
 * instead, each sealed (text, HTML, and attachments with extra headers as `extras`); they are
 * opened as they were until the last of them is sent.
 */
import type { VenueDetails } from '@questfield/contract';
import { z } from 'zod';
import { createSealedBox } from '../../lib/sealed-box';
import type { MailDraft, RenderMail } from './templates';

const mailExtras = z.object({
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), content: z.string() }),
  ),
  headers: z.record(z.string(), z.string()),
});
export type MailExtras = z.infer<typeof mailExtras>;
const NO_EXTRAS: MailExtras = { attachments: [], headers: {} };

/** An outbox row as stored: its draft, or (queued before ADR 0044) its rendered bodies. */
export type StoredMail = {
  template: string;
  subject: string;
  draft: string;
  textBody: string;
  htmlBody: string;
  extras: string;
  createdAt: Date;
};
export type OpenedMail = {
  subject: string;
  textBody: string;
  htmlBody: string;
  extras: MailExtras;
};
export type SealedEmail = { template: MailDraft['template']; draft: string };

export function createMailSeal(appSecret: string, render: RenderMail) {
  const box = createSealedBox(appSecret, 'email-outbox');
  // A delivered mail's bodies are blanked: nothing left to open.
  const openBody = (sealed: string) => (sealed === '' ? '' : box.open(sealed));
  function openExtras(sealed: string): MailExtras | null {
    const json = openBody(sealed);
    if (json === null) return null;
    return json === '' ? NO_EXTRAS : mailExtras.parse(JSON.parse(json));
  }

  /** A row of before ADR 0044, opened part by part. */
  function openBodies(row: StoredMail): OpenedMail | null {
    const textBody = openBody(row.textBody);
    const htmlBody = openBody(row.htmlBody);
    const extras = openExtras(row.extras);
    return textBody === null || htmlBody === null || extras === null
      ? null
      : { subject: row.subject, textBody, htmlBody, extras };
  }

  /** The draft rendered; null when it does not open or no template of this version renders it. */
  function openDraft(row: StoredMail, venue: VenueDetails): OpenedMail | null {
    const json = box.open(row.draft);
    if (json === null) return null;
    try {
      const draft = { template: row.template, input: JSON.parse(json) } as MailDraft;
      const mail = render(draft, row.createdAt, venue);
      const extras = { attachments: mail.attachments ?? [], headers: mail.headers ?? {} };
      return { subject: mail.subject, textBody: mail.text, htmlBody: mail.html, extras };
    } catch {
      return null;
    }
  }

  return {
    seal: (draft: MailDraft): SealedEmail => ({
      template: draft.template,
      draft: box.seal(JSON.stringify(draft.input)),
    }),
    /**
     * The mail in plain text, rendered with the venue's details as they are now, or null when
     * sealed under another APP_SECRET (or altered), or when its draft no longer renders.
     */
    open: (row: StoredMail, venue: VenueDetails): OpenedMail | null =>
      row.draft === '' ? openBodies(row) : openDraft(row, venue),
  };
}
