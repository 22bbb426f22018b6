/** Every API module, registered in this order by buildApp. Later issues add theirs here. */
import type { AppDeps } from '../app-deps';
import type { ZodApp } from '../lib/zod-app';
import { registerConfigRoutes } from './config/config.routes';
import { registerDevMailboxRoutes } from './dev/dev-mailbox.routes';
import { registerHealthRoutes } from './health/health.routes';
import { registerUsersRoutes } from './users/users.routes';

export type ApiModule = (app: ZodApp, deps: AppDeps) => void | Promise<void>;

export const API_MODULES: readonly ApiModule[] = [
  registerHealthRoutes,
  registerConfigRoutes,
  registerUsersRoutes,
  registerDevMailboxRoutes,
];
