/** HTTP side of orders: Square/Checkout (spec §7) and the player's orders and Game Passes. */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, MESSAGES } from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf, sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import { toPublicOrder } from './order';

function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    fail(
      'BAD_REQUEST',
      'Every purchase needs an Idempotency-Key header (8–64 letters, digits, - or _).',
    );
  }
  return key;
}

export function registerOrdersRoutes(app: ZodApp, { services }: ModuleContext): void {
  // The spec's client-composed mails (an open relay, security.md W24): the request guard answers
  // 403 before these handlers; they exist so the spec's paths say so rather than 404.
  app.route({ ...apiRoute('ordersCustomEmail'), handler: () => fail('FORBIDDEN') });
  app.route({ ...apiRoute('ordersConfirmationEmail'), handler: () => fail('FORBIDDEN') });

  app.route({
    ...apiRoute('squareCheckout'),
    handler: async (request) => {
      const { account } = sessionOf(request);
      const { order, balance } = await services.orders.checkout(
        { userId: account.id, email: account.email, username: account.username },
        request.body,
        idempotencyKeyOf(request),
      );
      const message =
        order.credits > 0 ? MESSAGES.creditPackPaid(order.credits) : MESSAGES.itemPaid;
      return { message, order: toPublicOrder(order), credits: balance };
    },
  });

  app.route({
    ...apiRoute('ordersList'),
    handler: async (request) => {
      const { orders, gamePasses, ownsSoundtracks } = await services.orders.purchases(
        sessionUserId(request),
      );
      return {
        ownsSoundtracks,
        orders: orders.map(toPublicOrder),
        gamePasses: gamePasses.map((pass) => ({
          code: pass.code,
          orderNumber: pass.orderNumber,
          redeemed: pass.redeemedAt !== null,
          redeemedAt: pass.redeemedAt?.toISOString() ?? null,
        })),
      };
    },
  });
}
