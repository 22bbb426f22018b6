import { healthResponse } from '@questfield/contract';
import type { AppDeps } from '../../app-deps';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { checkHealth } from './health.service';

export function registerHealthRoutes(app: ZodApp, deps: AppDeps): void {
  app.route({
    ...apiRoute('health'),
    // Probes poll this every few seconds; only failures are worth a log line.
    logLevel: 'warn',
    schema: { response: { 200: healthResponse, 503: healthResponse } },
    handler: async (_request, reply) => {
      const health = await checkHealth(deps.db);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  });
}
