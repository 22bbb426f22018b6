/**
 * CSRF and transport rules for state-changing requests (security.md W25), checked before the
 * body is read:
 * - an `Origin` header, when present, must be our own origin (plus the game's origin for routes
 *   the game calls), so a page on another site cannot act with the player's cookie;
 * - the body must be `application/json`: the "simple" types an HTML form can send
 *   (text/plain, urlencoded, multipart) are refused, which also forces a CORS preflight.
 * Route access kinds that need no session are enforced here too: `internal` routes answer 403
 * to everyone, `dev` routes do not exist in production.
 */
import type { RouteAccess } from '@questfield/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { fail } from '../lib/app-error';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function mediaTypeOf(request: FastifyRequest): string {
  const header = request.headers['content-type'] ?? '';
  return (header.split(';', 1)[0] ?? '').trim().toLowerCase();
}

export function allowedOrigins(
  env: Pick<Env, 'publicOrigin' | 'gameOrigin'>,
  access?: RouteAccess,
) {
  return access === 'game' ? [env.publicOrigin, env.gameOrigin] : [env.publicOrigin];
}

function checkAccessKind(access: RouteAccess | undefined, env: Env): void {
  if (access === 'internal') fail('FORBIDDEN');
  if (access === 'dev' && env.isProduction) fail('NOT_FOUND');
}

function checkOrigin(request: FastifyRequest, env: Env, access?: RouteAccess): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!allowedOrigins(env, access).includes(origin)) fail('FORBIDDEN_ORIGIN');
}

function checkContentType(request: FastifyRequest): void {
  if (mediaTypeOf(request) !== 'application/json') fail('UNSUPPORTED_MEDIA_TYPE');
}

/** True when a string anywhere in a parsed JSON body holds U+0000, which Postgres text refuses. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => containsNul(item, depth + 1));
}

export function registerRequestGuards(app: FastifyInstance, env: Env): void {
  // A NUL character would reach the database as an error (a 500); refuse it as bad input.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) fail('BAD_REQUEST', 'Text must not contain NUL characters.');
  });
  app.addHook('onRequest', async (request) => {
    // An unknown route answers 404 whatever it carries.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    checkAccessKind(access, env);
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    checkOrigin(request, env, access);
    checkContentType(request);
  });
}
