/**
 * Every API module, registered in this order by buildApp, each under the name its routes carry
 * in the contract's API_ROUTES (a route registered by another module is refused at start-up).
 */
import type { ApiModuleName } from '@questfield/contract';
import { registerAccountsRoutes } from './accounts/accounts.routes';
import { registerConsolePlayersRoutes } from './operator/console-players.routes';
import { registerAuditLogRoutes } from './audit-log/audit-log.routes';
import { registerBookingsRoutes } from './bookings/bookings.routes';
import { registerConsoleScheduleRoutes } from './bookings/console-schedule.routes';
import { registerConsoleSeatsRoutes } from './bookings/console-seats.routes';
import { registerSeatStreamRoutes } from './bookings/seat-stream.routes';
import { registerWaitlistRoutes } from './bookings/waitlist.routes';
import { registerCodesRoutes } from './codes/codes.routes';
import { registerConsoleCodesRoutes } from './codes/console-codes.routes';
import { registerConfigRoutes } from './config/config.routes';
import { registerCreditsRoutes } from './credits/credits.routes';
import { registerDevMailboxRoutes } from './dev/dev-mailbox.routes';
import { registerGamesRoutes } from './games/games.routes';
import { registerHealthRoutes } from './health/health.routes';
import type { ApiModule } from './module-context';
import { registerConsoleApprovalsRoutes } from './operator/console-approvals.routes';
import { registerConsoleReportsRoutes } from './operator/console-reports.routes';
import { registerConsoleTodayRoutes } from './operator/console-today.routes';
import { registerOperatorRoutes } from './operator/operator.routes';
import { registerConsoleOrdersRoutes } from './orders/console-orders.routes';
import { registerOrdersRoutes } from './orders/orders.routes';
import { registerSquareWebhookRoutes } from './orders/square-webhook.routes';
import { registerPartnershipsRoutes } from './partnerships/partnerships.routes';
import { registerSettingsRoutes } from './settings/settings.routes';
import { registerTwoFactorRoutes } from './two-factor/two-factor.routes';

export type { ApiModule } from './module-context';

export const API_MODULES: readonly (readonly [ApiModuleName, ApiModule])[] = [
  ['health', registerHealthRoutes],
  ['config', registerConfigRoutes],
  ['accounts', registerAccountsRoutes],
  ['credits', registerCreditsRoutes],
  ['orders', registerOrdersRoutes],
  ['codes', registerCodesRoutes],
  ['bookings', registerBookingsRoutes],
  ['bookings', registerSeatStreamRoutes],
  ['bookings', registerWaitlistRoutes],
  ['games', registerGamesRoutes],
  ['partnerships', registerPartnershipsRoutes],
  ['orders', registerSquareWebhookRoutes],
  ['dev', registerDevMailboxRoutes],
  ['operator', registerOperatorRoutes],
  ['two-factor', registerTwoFactorRoutes],
  ['audit-log', registerAuditLogRoutes],
  ['operator', registerConsolePlayersRoutes],
  ['bookings', registerConsoleScheduleRoutes],
  ['bookings', registerConsoleSeatsRoutes],
  ['codes', registerConsoleCodesRoutes],
  ['settings', registerSettingsRoutes],
  ['orders', registerConsoleOrdersRoutes],
  ['operator', registerConsoleReportsRoutes],
  ['operator', registerConsoleTodayRoutes],
  ['operator', registerConsoleApprovalsRoutes],
];
