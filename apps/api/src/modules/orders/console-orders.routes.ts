/**
 * The console's orders (staff read; admins refund; API_ROUTES `consoleOrder*`): every order
 * with its buyer and refund, what a refund would take back, and the refund itself, which is the
 * command line's `orders refund` (order-admin.service.ts), so it is audited the same way from
 * either.
 */
import { formatUsd, type ConsoleOrder } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';
import type { ConsoleOrderRow } from './orders.repository';
import { toPublicOrder, type Order } from './order';

type Listed = Omit<ConsoleOrderRow, 'order'> & { order: Order };

function toConsoleOrder({ order, player, refund }: Listed): ConsoleOrder {
  return {
    ...toPublicOrder(order),
    id: order.id,
    flag: order.flag,
    player: { id: order.userId, ...player },
    provider: order.provider,
    providerPaymentId: order.providerPaymentId,
    refund:
      refund === null
        ? null
        : {
            status: refund.status,
            providerRefundId: refund.providerRefundId,
            failureCode: refund.failureCode,
            shortfallCredits: refund.shortfallCredits,
            fromDashboard: refund.requestedBy === null,
            createdAt: refund.createdAt.toISOString(),
          },
  };
}

export function registerConsoleOrdersRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('consoleOrders'),
    handler: async (request) => {
      const page = await services.orders.listForConsole(request.body);
      return { orders: page.orders.map(toConsoleOrder), nextCursor: page.nextCursor };
    },
  });

  app.route({
    ...apiRoute('consoleOrderRefundPlan'),
    handler: async (request) => {
      const plan = await services.orders.refundPlan(request.body.orderNumber);
      return {
        orderNumber: plan.order.orderNumber,
        amount: formatUsd(plan.order.amountCents),
        takeBack: plan.takeBack.map(({ userId, ...player }) => ({ playerId: userId, ...player })),
        passes: plan.passes,
        missing: plan.missing,
      };
    },
  });

  app.route({
    ...apiRoute('consoleOrderRefund'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      const { orderNumber } = await services.orderAdmin.refund(request.body, actor);
      const order = await services.orders.consoleOrderByNumber(orderNumber);
      return { order: toConsoleOrder(order) };
    },
  });
}
