import type { VenueDetails } from '@questfield/contract';
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
import type { RenderMail } from './integrations/email/templates';
import { createPaymentProvider } from './integrations/payments';
import type { PaymentProvider } from './integrations/payments/provider';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background-tasks';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';

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
  /** The venue's details as stored now (one statement), which mails are rendered with. */
  venueDetails: () => Promise<VenueDetails>;
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
  /**
   * Renders every mail: services.ts's mailRendererFor, as a seat's confirmation is the bookings
   * module's and the infrastructure imports no module.
   */
  renderMail: RenderMail;
  /**
   * Reads the venue's details (services.ts's venueDetailsFor: the settings module's, as the
   * infrastructure imports no module).
   */
  readVenue: (db: Database) => Promise<VenueDetails>;
  /** Replaces the SMTP transport the email dispatcher builds from SMTP_URL. */
  mailTransport?: MailTransport;
  /** Replaces the payment provider PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
};

/** The infrastructure of the app (app.ts) and of the operator's command line (admin.ts). */
export function createInfra({
  env,
  db: handle,
  clock,
  logger,
  renderMail,
  readVenue,
  ...replacements
}: InfraDeps): Infra {
  const db = handle.db;
  const venueDetails = () => readVenue(db);
  const emailDispatcher = createEmailDispatcher({
    db,
    clock,
    logger,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    appSecret: env.appSecret,
    renderMail,
    venueDetails,
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
    venueDetails,
    payments: replacements.paymentProvider ?? createPaymentProvider(env.payment),
    background: createBackgroundTasks(logger),
  };
}
