/** The console's session and its two-factor check (access and needs: API_ROUTES). */
import { apiRoute } from '../../lib/api-route';
import { requestMeta } from '../../lib/request-meta';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import type { ModuleContext } from '../module-context';

export function registerTwoFactorRoutes(app: ZodApp, { services }: ModuleContext): void {
  const { twoFactor } = services;
  app.route({
    ...apiRoute('consoleSession'),
    handler: (request) => twoFactor.status(sessionOf(request)),
  });
  app.route({
    ...apiRoute('consoleTwoFactorSetup'),
    handler: (request) =>
      twoFactor.setup(sessionOf(request), request.body.password, requestMeta(request)),
  });
  app.route({
    ...apiRoute('consoleTwoFactorEnable'),
    handler: (request) =>
      twoFactor.enable(sessionOf(request), request.body.code, requestMeta(request)),
  });
  app.route({
    ...apiRoute('consoleTwoFactorVerify'),
    handler: (request) => twoFactor.verify(sessionOf(request), request.body, requestMeta(request)),
  });
  app.route({
    ...apiRoute('consoleReauth'),
    handler: (request) => twoFactor.reauth(sessionOf(request), request.body, requestMeta(request)),
  });
}
