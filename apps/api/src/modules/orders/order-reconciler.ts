/**
 * Runs the orders service's `reconcile()` every RECONCILE_INTERVAL_MS while the server listens,
 * so an order a crash or a lost answer left pending is settled without the player's help
 * (security.md W6 (f), R11). Passes never overlap; a failed pass is logged and tried again.
 */
import type { Logger } from '../../lib/logger';
import { periodicJob } from '../../lib/periodic-job';
import type { OrdersService } from './orders.service';

const RECONCILE_INTERVAL_MS = 60_000;

export function createOrderReconciler(deps: {
  orders: Pick<OrdersService, 'reconcile'>;
  logger: Pick<Logger, 'error'>;
}) {
  return periodicJob({
    name: 'order reconciliation',
    intervalMs: RECONCILE_INTERVAL_MS,
    run: () => deps.orders.reconcile(),
    logger: deps.logger,
  });
}

export type OrderReconciler = ReturnType<typeof createOrderReconciler>;
