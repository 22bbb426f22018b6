import type { HealthResponse } from '@questfield/contract';
import type { Infra } from '../../infra';

/** Healthy means the database answers a query within the ping timeout. */
export function createHealthService({ ping }: Pick<Infra, 'ping'>) {
  return {
    async check(): Promise<HealthResponse> {
      return (await ping()) ? { status: 'ok', db: 'up' } : { status: 'degraded', db: 'down' };
    },
  };
}
