import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';

/** What every API module receives: settings, the database and the clock. */
export type AppDeps = {
  env: Env;
  db: Pick<DatabaseHandle, 'db' | 'ping'>;
  clock: Clock;
};
