import type { HealthResponse } from '@questfield/contract';
import type { AppDeps } from '../../app-deps';

/** Healthy means the database answers a query within the ping timeout. */
export async function checkHealth(db: AppDeps['db']): Promise<HealthResponse> {
  return (await db.ping()) ? { status: 'ok', db: 'up' } : { status: 'degraded', db: 'down' };
}
