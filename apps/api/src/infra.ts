import type { Env } from './config/env';
import type { Database, Transact } from './db/client';
import type { EmailDispatcher } from './integrations/email/dispatcher';
import type { PaymentProvider } from './integrations/payments/provider';
import type { Clock } from './lib/clock';

/**
 * What services are built from (src/services.ts): settings, the database, time, mail
 * delivery and card payments. Services run single statements on `db` and open transactions only with
 * `transaction`; they never import Drizzle or the schema (repositories do).
 */
export type Infra = {
  env: Env;
  db: Database;
  transaction: Transact;
  /** Answers within its timeout, or false (the health probe). */
  ping: () => Promise<boolean>;
  clock: Clock;
  /** Delivers the e-mail outbox; `wake()` after queueing mail. */
  emailDispatcher: EmailDispatcher;
  /** Charges cards: PAYMENT_PROVIDER's provider, or the one a test passes in. */
  payments: PaymentProvider;
};
