/**
 * Session cookie handling and enforcement (security.md W1, R13, R18). Every route whose
 * API_ROUTES access is `session` answers 401 without a live session, decided here from the
 * route table, before the body is read; handlers read the user from `request.session`.
 */
import cookie from '@fastify/cookie';
import { SESSION_COOKIE } from '@questfield/contract';
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

export function sessionCookieName(env: Pick<Env, 'publicOrigin'>): string {
  return env.publicOrigin.startsWith('https:') ? SESSION_COOKIE.secure : SESSION_COOKIE.insecure;
}

function cookieOptions(env: Pick<Env, 'publicOrigin'>) {
  return {
    httpOnly: true,
    secure: env.publicOrigin.startsWith('https:'),
    sameSite: 'lax' as const,
    path: '/',
  };
}

export type SessionCookies = {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, id: string): void;
  clear(reply: FastifyReply): void;
};

export function sessionCookies(env: Pick<Env, 'publicOrigin'>): SessionCookies {
  const name = sessionCookieName(env);
  return {
    name,
    read: (request) => request.cookies[name],
    set: (reply, id) => {
      void reply.setCookie(name, id, {
        ...cookieOptions(env),
        maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
      });
    },
    clear: (reply) => {
      void reply.clearCookie(name, cookieOptions(env));
    },
  };
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
    if (request.routeOptions.config.access !== 'session') return;
    const session = await sessionsService.resolve(cookies.read(request));
    if (session === null) fail('UNAUTHENTICATED');
    request.session = session;
  });
}
