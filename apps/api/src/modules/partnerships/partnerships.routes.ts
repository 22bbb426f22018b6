/**
 * HTTP side of partnerships: Partnerships/Apply, the form of /community-partnerships. The
 * answer is the same whether the application was stored or dropped by the honeypot.
 */
import { PARTNERSHIP_RECEIVED_MESSAGE } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';

export function registerPartnershipsRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('partnershipsApply'),
    handler: async (request) => {
      await services.partnerships.apply({ ip: request.ip, log: request.log }, request.body);
      return { message: PARTNERSHIP_RECEIVED_MESSAGE };
    },
  });
}
