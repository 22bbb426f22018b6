import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { EmailDispatcher } from './integrations/email/dispatcher';
import type { Clock } from './lib/clock';
import type { SessionService } from './modules/sessions/sessions.service';

/** What every API module receives: settings, the database, the clock and shared services. */
export type AppDeps = {
  env: Env;
  db: Pick<DatabaseHandle, 'db' | 'ping'>;
  clock: Clock;
  sessions: SessionService;
  /** Delivers the e-mail outbox; `wake()` after queueing mail. */
  emailDispatcher: EmailDispatcher;
};
