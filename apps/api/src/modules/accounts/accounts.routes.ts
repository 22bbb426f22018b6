/** HTTP side of accounts and recovery: cookies, and the spec's wire format (spec §7). */
import { MESSAGES, unsubscribeQuery } from '@questfield/contract';
import type { FastifyReply } from 'fastify';
import { apiRoute } from '../../lib/api-route';
import { fail } from '../../lib/app-error';
import { requestMeta } from '../../lib/request-meta';
import type { ZodApp } from '../../lib/zod-app';
import { registerFormBody } from '../../plugins/form-body';
import { appCookie, sessionCookies, sessionOf } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import type { SignedIn } from './accounts.service';
import { DEVICE_COOKIE, DEVICE_TRUST_MS } from './device-trust';
import { toPublicUser } from './public-user';

export async function registerAccountsRoutes(
  app: ZodApp,
  { env, services }: ModuleContext,
): Promise<void> {
  const { accounts, recovery, accountDeletion } = services;
  const cookies = sessionCookies(env);
  const deviceCookie = appCookie(env, DEVICE_COOKIE, DEVICE_TRUST_MS);
  const signIn = (reply: FastifyReply, signedIn: SignedIn) => {
    cookies.set(reply, signedIn.sessionId);
    deviceCookie.set(reply, signedIn.deviceToken);
    return toPublicUser(signedIn.account);
  };
  /**
   * The session cookie goes, and the browser drops what the app kept in storage (purchase
   * intents, cached views).
   */
  const signOut = (reply: FastifyReply) => {
    cookies.clear(reply);
    void reply.header('clear-site-data', '"storage"');
  };

  app.route({
    ...apiRoute('usersCreate'),
    handler: async (request, reply) => {
      const signedIn = await accounts.signUp(request.body, requestMeta(request));
      return { data: [signIn(reply, signedIn)] };
    },
  });

  app.route({
    ...apiRoute('usersLogin'),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const device = deviceCookie.read(request);
      const signedIn = await accounts.login(email, password, requestMeta(request), device);
      return [signIn(reply, signedIn)];
    },
  });

  app.route({
    ...apiRoute('usersMe'),
    // The session hook has read the account with the session: no further query.
    handler: async (request) => [toPublicUser(sessionOf(request).account)],
  });

  app.route({
    ...apiRoute('usersLogout'),
    handler: async (request, reply) => {
      await accounts.logout(cookies.read(request), requestMeta(request));
      // The device cookie stays, so this browser keeps its exemption from the login backoff.
      signOut(reply);
      return { message: MESSAGES.loggedOut };
    },
  });

  app.route({
    ...apiRoute('usersUpdate'),
    handler: async (request) => {
      const account = await accounts.update(
        sessionOf(request).userId,
        request.body,
        requestMeta(request),
      );
      return [toPublicUser(account)];
    },
  });

  app.route({
    ...apiRoute('usersDelete'),
    handler: async (request, reply) => {
      const meta = requestMeta(request);
      await accountDeletion.deleteAccount(sessionOf(request).userId, request.body.password, meta);
      // Signed out like a logout; the device cookie names an account that is gone.
      signOut(reply);
      deviceCookie.clear(reply);
      return { message: MESSAGES.accountDeleted };
    },
  });

  app.route({
    ...apiRoute('usersReminderEmails'),
    handler: async (request) => {
      const { userId } = sessionOf(request);
      return [toPublicUser(await accounts.setReminderEmails(userId, request.body.enabled))];
    },
  });

  // Mail providers post it as a form (RFC 8058): a parser for forms in this route's scope only.
  await app.register(async (scope: ZodApp) => {
    registerFormBody(scope);
    scope.route({
      ...apiRoute('usersUnsubscribeReminders'),
      handler: async (request) => {
        const query = unsubscribeQuery.safeParse(request.query);
        if (!query.success) fail('UNSUBSCRIBE_LINK_INVALID');
        await accounts.unsubscribeReminders(query.data.token);
        return { message: MESSAGES.remindersUnsubscribed };
      },
    });
  });

  app.route({
    ...apiRoute('usersGetByNameOrEmail'),
    handler: async (request) => {
      const own = accounts.ownAccountNamed(sessionOf(request).account, request.body.email);
      return own === null ? [] : [toPublicUser(own)];
    },
  });

  app.route({
    ...apiRoute('usersRequestRecoveryCode'),
    handler: async (request) => {
      await recovery.requestCode(request.body.email, requestMeta(request));
      return { message: MESSAGES.recoveryRequested };
    },
  });

  app.route({
    ...apiRoute('usersVerifyRecoveryCode'),
    handler: async (request) => {
      const { email, code } = request.body;
      const resetToken = await recovery.verifyCode(email, code, requestMeta(request));
      return { valid: true as const, resetToken };
    },
  });

  app.route({
    ...apiRoute('usersSignInWithResetToken'),
    handler: async (request, reply) => [
      signIn(reply, await recovery.signInWithResetToken(request.body, requestMeta(request))),
    ],
  });

  app.route({
    ...apiRoute('usersUpdatePassword'),
    handler: async (request) => {
      await recovery.updatePassword(request.body, requestMeta(request));
      return { message: MESSAGES.passwordUpdated };
    },
  });
}
