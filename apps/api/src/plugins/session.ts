/**
 * Session cookie handling and enforcement (security.md W1, R13, R18). Every route whose
 * API_ROUTES access is `session`, `staff` or `admin` answers 401 without a live session, and a
 * staff or admin route 403 to an account of a lesser role, and to an operator whose two-factor
 * check the route needs is missing or stale, decided here from the route table before the body
 * is read; handlers read the user from `request.session`.
 */
import cookie from '@fastify/cookie';
import { roleAllows, SESSION_COOKIE, type Role, type RouteAccess } from '@questfield/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { fail } from '../lib/app-error';
import {
  SESSION_ABSOLUTE_MS,
  type SessionInfo,
  type SessionService,
} from '../modules/accounts/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a `session` route; null elsewhere. */
    session: SessionInfo | null;
  }
}

/** The signed-in session of a `session` route (the hook below has answered 401 without one). */
export function sessionOf(request: FastifyRequest): SessionInfo {
  return request.session ?? fail('UNAUTHENTICATED');
}

export function sessionUserId(request: FastifyRequest): string {
  return sessionOf(request).userId;
}

/** The routes that need a signed-in account, and the least role each needs. */
const ROLE_NEEDED: Partial<Record<RouteAccess, Role>> = {
  session: 'player',
  staff: 'staff',
  admin: 'admin',
};

function cookieOptions(env: Pick<Env, 'publicOrigin'>) {
  return {
    httpOnly: true,
    secure: env.publicOrigin.startsWith('https:'),
    sameSite: 'lax' as const,
    path: '/',
  };
}

/** An HttpOnly cookie of the app: its name (`__Host-` only over https) and lifetime. */
export type AppCookie = {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, value: string): void;
  clear(reply: FastifyReply): void;
};
export type SessionCookies = AppCookie;

export function appCookie(
  env: Pick<Env, 'publicOrigin'>,
  names: { secure: string; insecure: string },
  maxAgeMs: number,
): AppCookie {
  const name = env.publicOrigin.startsWith('https:') ? names.secure : names.insecure;
  return {
    name,
    read: (request) => request.cookies[name],
    set: (reply, value) => {
      void reply.setCookie(name, value, {
        ...cookieOptions(env),
        maxAge: Math.floor(maxAgeMs / 1000),
      });
    },
    clear: (reply) => {
      void reply.clearCookie(name, cookieOptions(env));
    },
  };
}

export function sessionCookies(env: Pick<Env, 'publicOrigin'>): SessionCookies {
  return appCookie(env, SESSION_COOKIE, SESSION_ABSOLUTE_MS);
}

export async function registerSessions(
  app: FastifyInstance,
  env: Env,
  sessionsService: SessionService,
): Promise<void> {
  await app.register(cookie);
  const cookies = sessionCookies(env);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const { access } = request.routeOptions.config;
    const needed = access === undefined ? undefined : ROLE_NEEDED[access];
    if (needed === undefined) return;
    const session = await sessionsService.resolve(cookies.read(request));
    if (session === null) fail('UNAUTHENTICATED');
    if (!roleAllows(session.account.role, needed)) fail('FORBIDDEN');
    if (needed !== 'player') {
      const refusal = sessionsService.twoFactorRefusal(
        session,
        request.routeOptions.config.twoFactor,
      );
      if (refusal !== null) fail(refusal);
    }
    request.session = session;
  });
}
