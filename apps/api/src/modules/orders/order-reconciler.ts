/**
 * Runs the orders service's `reconcile()` every RECONCILE_INTERVAL_MS while the server listens,
 * so an order a crash or a lost answer left pending is settled without the player's help
 * (security.md W6 (f), R11). Passes never overlap; a failed pass is logged and tried again.
 */
import type { Logger } from '../../lib/logger';
import type { OrdersService } from './orders.service';

export const RECONCILE_INTERVAL_MS = 60_000;

export function createOrderReconciler(deps: {
  orders: Pick<OrdersService, 'reconcile'>;
  logger: Pick<Logger, 'error'>;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function pass(): Promise<void> {
    try {
      await deps.orders.reconcile();
    } catch (error) {
      deps.logger.error({ err: error }, 'order reconciliation failed');
    }
  }

  return {
    /** One pass now (tests; the timer calls the same). */
    runOnce: () => deps.orders.reconcile(),
    start(): void {
      if (timer !== null) return;
      timer = setInterval(() => {
        running ??= pass().finally(() => (running = null));
      }, RECONCILE_INTERVAL_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type OrderReconciler = ReturnType<typeof createOrderReconciler>;
