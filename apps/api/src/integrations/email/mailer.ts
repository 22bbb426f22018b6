/**
 * How services send mail: `queue` a draft (a template and its input) inside the action's
 * transaction (a rolled-back action sends nothing), then `wake` after commit so the dispatcher
 * renders and delivers it at once (ADR 0044). Drafts are sealed before they reach the outbox.
 * `latest` serves the dev mailbox, rendered.
 */
import type { Executor } from '../../db/client';
import type { Relation, Step } from '../../db/steps';
import type { Infra } from '../../infra';
import { createMailSeal, type OpenedMail } from './mail-seal';
import {
  countFailed,
  enqueueEmail,
  enqueueStep,
  latestEmails,
  type OutboxRow,
} from './outbox.repository';
import type { MailDraft } from './templates';

/** What the dev mailbox shows for a mail it cannot open. */
const UNREADABLE: Omit<OpenedMail, 'subject'> = {
  textBody:
    '(This mail was sealed under another APP_SECRET, or its draft no longer renders: it cannot be shown.)',
  htmlBody: '',
  extras: { attachments: [], headers: {} },
};

/** An outbox row with its mail rendered (or its bodies opened). */
export type OutboxMail = Omit<OutboxRow, 'extras'> & OpenedMail;

export function createMailer({ db, clock, env, emailDispatcher, renderMail, venueDetails }: Infra) {
  const seal = createMailSeal(env.appSecret, renderMail);
  return {
    queue: (tx: Executor, to: string, draft: MailDraft): Promise<void> =>
      enqueueEmail(tx, to, seal.seal(draft), clock.now()),
    /**
     * The statement `queue` runs, for another module's statement to send once for each row of
     * its `gate` (ADR 0040: a booking's confirmation, queued only with its seat).
     */
    queueing: (to: string, draft: MailDraft, gate: Relation): Step =>
      enqueueStep(to, seal.seal(draft), clock.now(), gate),
    wake: (): void => emailDispatcher.wake(),
    /** Mails the dispatcher gave up on, still in the outbox (the console's today). */
    failedCount: (): Promise<number> => countFailed(db),
    /** The newest mails of the outbox, rendered, for the dev mailbox. */
    latest: async (limit: number): Promise<OutboxMail[]> => {
      const [rows, venue] = await Promise.all([latestEmails(db, limit), venueDetails()]);
      return rows.map((row) => ({
        ...row,
        ...(seal.open(row, venue) ?? { ...UNREADABLE, subject: row.subject }),
      }));
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
