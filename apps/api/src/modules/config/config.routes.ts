import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../index';
import { publicConfigOf } from './config.service';

export function registerConfigRoutes(app: ZodApp, { env }: ModuleContext): void {
  // Settings are fixed for the process's life, so the answer is computed once.
  const body = publicConfigOf(env);
  app.route({ ...apiRoute('config'), handler: async () => body });
}
