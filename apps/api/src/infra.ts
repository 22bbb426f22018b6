import type { Env } from './config/env';
import {
  transactor,
  type Database,
  type DatabaseHandle,
  type Listen,
  type Transact,
} from './db/client';
import {
  createEmailDispatcher,
  type EmailDispatcher,
  type MailTransport,
} from './integrations/email/dispatcher';
import { createMailRenderer, type RenderMail } from './integrations/email/templates';
import { createPaymentProvider } from './integrations/payments';
import type { PaymentProvider } from './integrations/payments/provider';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background-tasks';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { seatBookedRenderer } from './modules/bookings/confirmation-mail';

/**
 * What services are built from (src/services.ts): settings, the database, time, mail
 * delivery, card payments and work done after the answer. Services run single statements on
 * `db` and open transactions only with `transaction`; they never import Drizzle or the schema
 * (repositories do).
 */
export type Infra = {
  env: Env;
  db: Database;
  transaction: Transact;
  /** Answers within its timeout, or false (the health probe). */
  ping: () => Promise<boolean>;
  /** Hears the database's NOTIFY on a channel, from any process (the console's live day). */
  listen: Listen;
  clock: Clock;
  /** Delivers the email outbox; `wake()` after queueing mail. */
  emailDispatcher: EmailDispatcher;
  /** Renders the outbox's drafts (ADR 0044), for the dispatcher and the dev mailbox. */
  renderMail: RenderMail;
  /** Charges cards: PAYMENT_PROVIDER's provider, or the one a test passes in. */
  payments: PaymentProvider;
  /** Work a request starts after its answer (the recovery code, R16). */
  background: BackgroundTasks;
};

export type InfraDeps = {
  env: Env;
  db: Pick<DatabaseHandle, 'db' | 'ping' | 'listen'>;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Replaces the SMTP transport the email dispatcher builds from SMTP_URL. */
  mailTransport?: MailTransport;
  /** Replaces the payment provider PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
};

/** Every mail's renderer; a seat's confirmation is the bookings module's, with the venue's settings. */
export function mailRendererFor(env: Env): RenderMail {
  return createMailRenderer({ seatBooked: seatBookedRenderer(env) });
}

/** The infrastructure of the app (app.ts) and of the operator's command line (admin.ts). */
export function createInfra({ env, db: handle, clock, logger, ...replacements }: InfraDeps): Infra {
  const db = handle.db;
  const renderMail = mailRendererFor(env);
  const emailDispatcher = createEmailDispatcher({
    db,
    clock,
    logger,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    appSecret: env.appSecret,
    renderMail,
    transport: replacements.mailTransport,
  });
  return {
    env,
    db,
    transaction: transactor(db),
    ping: () => handle.ping(),
    listen: (channel, onNotify) => handle.listen(channel, onNotify),
    clock,
    emailDispatcher,
    renderMail,
    payments: replacements.paymentProvider ?? createPaymentProvider(env.payment),
    background: createBackgroundTasks(logger),
  };
}
