/**
 * The console's orders (staff read; admins refund; API_ROUTES `consoleOrder*`): every order
 * with its buyer and refund, the same list as a CSV file, what a refund would take back, and the
 * refund itself, which is the command line's `orders refund` (order-admin.service.ts), so it is
 * audited the same way from either.
 */
import { consoleOrdersFilter, formatUsd, type ConsoleOrder } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';
import { madeInSquare, type ConsoleOrderRow, type RefundRow } from './orders.repository';
import { toPublicOrder, type Order } from './order';

type Listed = Omit<ConsoleOrderRow, 'order'> & { order: Order };

/**
 * The refund the console shows for an order, of its refunds to the card (oldest first): the
 * first turned down (Retry Refund asks again for it, as refunds.ts's waitingRefund picks), else
 * the first on its way, else the latest (a full refund is an order's last).
 */
function refundShown({ refunds }: Listed): RefundRow | null {
  const card = refunds.filter((one) => one.destination === 'card');
  const withStatus = (status: RefundRow['status']) => card.find((one) => one.status === status);
  return withStatus('failed') ?? withStatus('pending') ?? card.at(-1) ?? null;
}

function toConsoleOrder(listed: Listed): ConsoleOrder {
  const { order, player } = listed;
  const refund = refundShown(listed);
  return {
    ...toPublicOrder(order),
    id: order.id,
    flag: order.flag,
    player: { id: order.userId, ...player },
    provider: order.provider,
    providerPaymentId: order.providerPaymentId,
    refundedCents: order.refundedCents,
    remainingCents: order.status === 'paid' ? order.amountCents - order.refundedCents : 0,
    refund:
      refund === null
        ? null
        : {
            amount: formatUsd(refund.amountCents),
            status: refund.status,
            providerRefundId: refund.providerRefundId,
            failureCode: refund.failureCode,
            shortfallCredits: refund.shortfallCredits,
            // Not merely no admin: a refund from the command line has none either.
            fromDashboard: madeInSquare(refund),
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

  // A GET, so the screen's link downloads the file; the filter is its query string, checked
  // like a body (a value it does not know is a 400 naming the field).
  const exportRoute = apiRoute('consoleOrdersExport');
  app.route({
    ...exportRoute,
    schema: { ...exportRoute.schema, querystring: consoleOrdersFilter },
    handler: async (request, reply) => {
      const { csv, filename } = await services.orders.exportForConsole(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  });

  app.route({
    ...apiRoute('consoleOrderRefundPlan'),
    handler: async (request) => {
      const { orderNumber, ...part } = request.body;
      const plan = await services.orders.refundPlan(orderNumber, part);
      return {
        orderNumber: plan.order.orderNumber,
        amount: formatUsd(plan.amountCents),
        takeBack: plan.takeBack.map(({ userId, ...player }) => ({ playerId: userId, ...player })),
        passes: plan.passes,
        missing: plan.missing,
        amountCents: plan.amountCents,
        remainingCents: plan.remainingCents,
        creditsAdded: plan.creditsAdded,
      };
    },
  });

  app.route({
    ...apiRoute('consoleOrderRefund'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      const done = await services.orderAdmin.refund(request.body, actor);
      const order = await services.orders.consoleOrderByNumber(done.orderNumber);
      const { amount, asCredits, creditsAdded, takenBack, refund, failureCode } = done;
      return {
        order: toConsoleOrder(order),
        outcome: { amount, asCredits, creditsAdded, takenBack, status: refund, failureCode },
      };
    },
  });
}
