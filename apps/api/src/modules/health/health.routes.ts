import { healthResponse } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';

export function registerHealthRoutes(app: ZodApp, { services }: ModuleContext): void {
  const route = apiRoute('health');
  app.route({
    ...route,
    // Probes poll this every few seconds; only failures are worth a log line.
    logLevel: 'warn',
    schema: { response: { ...route.schema.response, 503: healthResponse } },
    handler: async (_request, reply) => {
      const health = await services.health.check();
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  });
}
