/** HTTP side of accounts and recovery: schemas from the contract, cookies, nothing else. */
import {
  emptyRequest,
  MESSAGES,
  getByNameOrEmailRequest,
  loginRequest,
  messageResponse,
  requestRecoveryCodeRequest,
  signUpRequest,
  signUpResponse,
  updatePasswordRequest,
  updateUserRequest,
  userListResponse,
  verifyRecoveryCodeRequest,
  verifyRecoveryCodeResponse,
} from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { apiRoute } from '../../lib/api-route';
import { fail } from '../../lib/app-error';
import type { ZodApp } from '../../lib/zod-app';
import { sessionCookies } from '../../plugins/session';
import { createRecoveryService } from './recovery.service';
import { createUsersService, type RequestMeta } from './users.service';

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log };
}

function sessionUserId(request: FastifyRequest): string {
  // The session hook has already answered 401 on `session` routes without one.
  return request.session?.userId ?? fail('UNAUTHENTICATED');
}

export function registerUsersRoutes(app: ZodApp, deps: AppDeps): void {
  const users = createUsersService(deps);
  const recovery = createRecoveryService(deps);
  const cookies = sessionCookies(deps.env);

  app.route({
    ...apiRoute('usersCreate'),
    schema: { body: signUpRequest, response: { 200: signUpResponse } },
    handler: async (request, reply) => {
      const { user, sessionId } = await users.signUp(request.body, metaOf(request));
      cookies.set(reply, sessionId);
      return { data: [user] };
    },
  });

  app.route({
    ...apiRoute('usersLogin'),
    schema: { body: loginRequest, response: { 200: userListResponse } },
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const { user, sessionId } = await users.login(email, password, metaOf(request));
      cookies.set(reply, sessionId);
      return [user];
    },
  });

  app.route({
    ...apiRoute('usersMe'),
    schema: { body: emptyRequest.optional(), response: { 200: userListResponse } },
    handler: async (request) => users.me(sessionUserId(request)),
  });

  app.route({
    ...apiRoute('usersLogout'),
    schema: { body: emptyRequest.optional(), response: { 200: messageResponse } },
    handler: async (request, reply) => {
      await deps.sessions.destroy(cookies.read(request));
      cookies.clear(reply);
      request.log.info({ event: 'auth.logout', ip: request.ip, at: deps.clock.now() }, 'logout');
      return { message: MESSAGES.loggedOut };
    },
  });

  app.route({
    ...apiRoute('usersUpdate'),
    schema: { body: updateUserRequest, response: { 200: userListResponse } },
    handler: async (request) => users.update(sessionUserId(request), request.body, metaOf(request)),
  });

  app.route({
    ...apiRoute('usersGetByNameOrEmail'),
    schema: { body: getByNameOrEmailRequest, response: { 200: userListResponse } },
    handler: async (request) => users.getByNameOrEmail(sessionUserId(request), request.body.email),
  });

  app.route({
    ...apiRoute('usersRequestRecoveryCode'),
    schema: { body: requestRecoveryCodeRequest, response: { 200: messageResponse } },
    handler: async (request) => recovery.requestCode(request.body.email, metaOf(request)),
  });

  app.route({
    ...apiRoute('usersVerifyRecoveryCode'),
    schema: { body: verifyRecoveryCodeRequest, response: { 200: verifyRecoveryCodeResponse } },
    handler: async (request) =>
      recovery.verifyCode(request.body.email, request.body.code, metaOf(request)),
  });

  app.route({
    ...apiRoute('usersUpdatePassword'),
    schema: { body: updatePasswordRequest, response: { 200: messageResponse } },
    handler: async (request) => recovery.updatePassword(request.body, metaOf(request)),
  });
}
