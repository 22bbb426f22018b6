/** What every route registrar receives; kept apart from the module list so no routes file imports it. */
import type { Env } from '../config/env';
import type { ZodApp } from '../lib/zod-app';
import type { Services } from '../services';

/**
 * Settings and the services (never the database), and the token of the operator route when
 * this server published one (the embedded database; server.ts).
 */
export type ModuleContext = { env: Env; services: Services; operatorToken: string | null };

export type ApiModule = (app: ZodApp, context: ModuleContext) => void | Promise<void>;
