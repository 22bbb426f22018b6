/** Every API module, registered in this order by buildApp. Later issues add theirs here. */
import type { Env } from '../config/env';
import type { ZodApp } from '../lib/zod-app';
import type { Services } from '../services';
import { registerAccountsRoutes } from './accounts/accounts.routes';
import { registerBookingsRoutes } from './bookings/bookings.routes';
import { registerCodesRoutes } from './codes/codes.routes';
import { registerConfigRoutes } from './config/config.routes';
import { registerCreditsRoutes } from './credits/credits.routes';
import { registerDevMailboxRoutes } from './dev/dev-mailbox.routes';
import { registerGamesRoutes } from './games/games.routes';
import { registerHealthRoutes } from './health/health.routes';
import { registerOperatorRoutes } from './operator/operator.routes';
import { registerOrdersRoutes } from './orders/orders.routes';
import { registerSquareWebhookRoutes } from './orders/square-webhook.routes';
import { registerPartnershipsRoutes } from './partnerships/partnerships.routes';

/**
 * What a route registrar gets: settings and the services (never the database), and the token
 * of the operator route when this server published one (the embedded database; server.ts).
 */
export type ModuleContext = { env: Env; services: Services; operatorToken: string | null };

export type ApiModule = (app: ZodApp, context: ModuleContext) => void | Promise<void>;

export const API_MODULES: readonly ApiModule[] = [
  registerHealthRoutes,
  registerConfigRoutes,
  registerAccountsRoutes,
  registerCreditsRoutes,
  registerOrdersRoutes,
  registerCodesRoutes,
  registerBookingsRoutes,
  registerGamesRoutes,
  registerPartnershipsRoutes,
  registerSquareWebhookRoutes,
  registerDevMailboxRoutes,
  registerOperatorRoutes,
];
