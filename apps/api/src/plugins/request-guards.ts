/**
 * CSRF and transport rules for state-changing requests (security.md W25, R19), checked before
 * the body is read:
 * - an `Origin` header, when present, must be our own origin (plus the game's origin for routes
 *   the game calls), so a page on another site cannot act with the player's cookie; without
 *   `Origin`, a `Referer` must name one of those origins. Outside production the loopback
 *   aliases of a loopback origin count too (http://127.0.0.1:3000 for http://localhost:3000).
 *   A GET that answers from the session's cookie is held to the same (the seat stream, the
 *   console's reads): a browser sends Origin on a cross-site EventSource or fetch, so a foreign
 *   page cannot read with the player's cookie or hold their streams open (issue 40);
 * - the custom header CSRF_HEADER must be present, which no cross-site form or no-preflight
 *   fetch can send; only callers that hold no player cookie are exempt: Square's webhook
 *   (signed) and the game's routes (game ticket);
 * - the body must be `application/json`: the "simple" types an HTML form can send
 *   (text/plain, urlencoded, multipart) are refused, which also forces a CORS preflight.
 * `mail` routes (a mail's one-click unsubscribe, RFC 8058) are the exception: mail providers
 * post them from their own servers, as a form, without Origin or the custom header. They act on
 * the signed token in their URL alone, never on a cookie, so a forged request gains nothing.
 * Route access kinds that need no session are enforced here too: `internal` routes answer 403
 * to everyone, `dev` routes do not exist in production.
 */
import { CSRF_HEADER, type RouteAccess } from '@questfield/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { fail } from '../lib/app-error';
import { originOfUrl, withLoopbackAliases } from '../lib/origins';
import { FORM_MEDIA_TYPES } from './form-body';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Access kinds that act on the session's cookie, whatever the method. */
const WITH_SESSION = new Set<RouteAccess | undefined>(['session', 'operator', 'staff', 'admin']);
/** Called without a player's cookie, by servers or the game, so they send no custom header. */
const WITHOUT_CSRF_HEADER = new Set<RouteAccess | undefined>(['webhook', 'game']);
const JSON_ONLY = ['application/json'];
/** What a `mail` route takes: a provider's form, or JSON from the app's own page. */
const MAIL_MEDIA_TYPES = [...JSON_ONLY, ...FORM_MEDIA_TYPES];

function mediaTypeOf(request: FastifyRequest): string {
  const header = request.headers['content-type'] ?? '';
  return (header.split(';', 1)[0] ?? '').trim().toLowerCase();
}

function allowedOrigins(
  env: Pick<Env, 'publicOrigin' | 'gameOrigin' | 'isProduction'>,
  access?: RouteAccess,
): string[] {
  const own = env.isProduction ? [env.publicOrigin] : withLoopbackAliases(env.publicOrigin);
  return access === 'game' ? [...own, env.gameOrigin] : own;
}

function checkAccessKind(access: RouteAccess | undefined, env: Env): void {
  if (access === 'internal') fail('FORBIDDEN');
  if (access === 'dev' && env.isProduction) fail('NOT_FOUND');
}

/** The page's origin from `Origin`, else from `Referer`; undefined when neither is sent. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  return referer === undefined ? undefined : originOfUrl(referer);
}

function checkOrigin(request: FastifyRequest, allowed: string[]): void {
  const origin = requestOrigin(request);
  if (origin !== undefined && !allowed.includes(origin)) fail('FORBIDDEN_ORIGIN');
}

function checkCsrfHeader(request: FastifyRequest, access?: RouteAccess): void {
  if (WITHOUT_CSRF_HEADER.has(access)) return;
  if (request.headers[CSRF_HEADER.name] !== CSRF_HEADER.value) fail('CSRF_HEADER_MISSING');
}

function checkContentType(request: FastifyRequest, allowed: string[]): void {
  if (!allowed.includes(mediaTypeOf(request))) fail('UNSUPPORTED_MEDIA_TYPE');
}

/** True when a string anywhere in a parsed JSON body holds U+0000, which Postgres text refuses. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => containsNul(item, depth + 1));
}

export function registerRequestGuards(app: FastifyInstance, env: Env): void {
  const origins = { app: allowedOrigins(env), game: allowedOrigins(env, 'game') };
  // A NUL character would reach the database as an error (a 500); refuse it as bad input.
  // Callback hooks, not async ones: Fastify passes what they throw on, and every request is
  // spared their promises.
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.body)) fail('BAD_REQUEST', 'Text must not contain NUL characters.');
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    checkRequest(request, env, origins);
    done();
  });
}

function checkRequest(
  request: FastifyRequest,
  env: Env,
  origins: { app: string[]; game: string[] },
): void {
  // An unknown route answers 404 whatever it carries.
  if (request.is404) return;
  const access = request.routeOptions.config.access;
  checkAccessKind(access, env);
  if (!STATE_CHANGING_METHODS.has(request.method)) {
    if (WITH_SESSION.has(access)) checkOrigin(request, origins.app);
    return;
  }
  if (access === 'mail') return checkContentType(request, MAIL_MEDIA_TYPES);
  checkOrigin(request, access === 'game' ? origins.game : origins.app);
  checkCsrfHeader(request, access);
  checkContentType(request, JSON_ONLY);
}
