import { publicConfig } from '@questfield/contract';
import type { AppDeps } from '../../app-deps';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { publicConfigOf } from './config.service';

export function registerConfigRoutes(app: ZodApp, deps: AppDeps): void {
  // Settings are fixed for the process's life, so the answer is computed once.
  const body = publicConfigOf(deps.env);
  app.route({
    ...apiRoute('config'),
    schema: { response: { 200: publicConfig } },
    handler: async () => body,
  });
}
