/**
 * How services send mail: `queue` inside the action's transaction (a rolled-back action sends
 * nothing), then `wake` after commit so the dispatcher delivers it at once. `latest` serves the
 * dev mailbox.
 */
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import { enqueueEmail, latestEmails, type OutboxRow } from './outbox.repository';
import type { RenderedEmail } from './templates';

export function createMailer({ db, clock, emailDispatcher }: Infra) {
  return {
    queue: (tx: Executor, to: string, mail: RenderedEmail): Promise<void> =>
      enqueueEmail(tx, to, mail, clock.now()),
    wake: (): void => emailDispatcher.wake(),
    /** The newest mails of the outbox, for the dev mailbox. */
    latest: (limit: number) => latestEmails(db, limit),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
export type OutboxMail = OutboxRow;
