import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';
import { publicConfigOf } from './config.service';

export function registerConfigRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  // Settings are fixed for the process's life, except those operators switch while it runs.
  const body = publicConfigOf(env);
  app.route({
    ...apiRoute('config'),
    handler: async () => ({
      ...body,
      multiplayerEnabled: await services.settings.multiplayerEnabled(),
    }),
  });
}
