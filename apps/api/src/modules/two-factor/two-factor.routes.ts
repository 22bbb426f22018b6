/** The console's session and its two-factor check (access and needs: API_ROUTES). */
import type { FastifyReply } from 'fastify';
import { apiRoute } from '../../lib/api-route';
import { requestMeta } from '../../lib/request-meta';
import type { ZodApp } from '../../lib/zod-app';
import { sessionCookies, sessionOf } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import type { Elevated } from './two-factor.service';

export function registerTwoFactorRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  const { twoFactor } = services;
  const cookies = sessionCookies(env);
  /** The session's new id (it gained console rights) goes to the browser with the answer. */
  const elevated = <T>(reply: FastifyReply, { answer, sessionId }: Elevated<T>): T => {
    cookies.set(reply, sessionId);
    return answer;
  };
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
    handler: async (request, reply) =>
      elevated(
        reply,
        await twoFactor.enable(sessionOf(request), request.body.code, requestMeta(request)),
      ),
  });
  app.route({
    ...apiRoute('consoleTwoFactorVerify'),
    handler: async (request, reply) =>
      elevated(
        reply,
        await twoFactor.verify(sessionOf(request), request.body, requestMeta(request)),
      ),
  });
  app.route({
    ...apiRoute('consoleReauth'),
    handler: (request) => twoFactor.reauth(sessionOf(request), request.body, requestMeta(request)),
  });
}
