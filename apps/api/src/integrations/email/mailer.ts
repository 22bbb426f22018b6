/**
 * How services send mail: `queue` inside the action's transaction (a rolled-back action sends
 * nothing), then `wake` after commit so the dispatcher delivers it at once. Bodies are sealed
 * before they reach the outbox. `latest` serves the dev mailbox, bodies opened.
 */
import type { Executor, Statement } from '../../db/client';
import type { Infra } from '../../infra';
import { createMailSeal, type OpenedMail } from './mail-seal';
import { enqueueEmail, enqueueStatement, latestEmails, type OutboxRow } from './outbox.repository';
import type { RenderedEmail } from './templates';

/** What the dev mailbox shows for a body it cannot open. */
const UNREADABLE: OpenedMail = {
  textBody: '(This mail was sealed under another APP_SECRET and cannot be shown.)',
  htmlBody: '',
  extras: { attachments: [], headers: {} },
};

/** An outbox row with its bodies, attachments and headers opened. */
export type OutboxMail = Omit<OutboxRow, 'extras'> & OpenedMail;

export function createMailer({ db, clock, env, emailDispatcher }: Infra) {
  const seal = createMailSeal(env.appSecret);
  return {
    queue: (tx: Executor, to: string, mail: RenderedEmail): Promise<void> =>
      enqueueEmail(tx, to, seal.seal(mail), clock.now()),
    /**
     * The statement `queue` runs, for another module's statement to send once for each row of
     * its `gate` (ADR 0040: a booking's confirmation, queued only with its seat).
     */
    queueing: (to: string, mail: RenderedEmail, gate: Statement): Statement =>
      enqueueStatement(to, seal.seal(mail), clock.now(), gate),
    wake: (): void => emailDispatcher.wake(),
    /** The newest mails of the outbox with their bodies opened, for the dev mailbox. */
    latest: async (limit: number): Promise<OutboxMail[]> =>
      (await latestEmails(db, limit)).map((row) => ({ ...row, ...(seal.open(row) ?? UNREADABLE) })),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
