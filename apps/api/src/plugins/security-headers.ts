/**
 * Security headers for every response of both servers (security.md W26, R20): a strict CSP,
 * nosniff, a referrer policy, HSTS on https deployments. The app may embed only the game, the
 * livestream and Square's payment frames, and nobody may embed the app; the game may be
 * embedded only by the app. JSON answers of /api are never documents: they carry the headers
 * that matter for data (OWASP REST Security Cheat Sheet: no-store, a CSP that loads and frames
 * nothing, nosniff, DENY, HSTS), a same-origin resource policy, and the two that R20 and ASVS
 * 3.4.3/3.4.5 ask of every answer (explicit `object-src`/`base-uri` and a referrer policy, the
 * strictest values); no other document-only header, which keeps the most frequent answers small.
 *
 * The header sets are built once, at start-up: building helmet's middleware per request (as
 * @fastify/helmet does) parsed the whole policy on every request.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env';

export type CspDirectives = Record<string, string[]>;

/** Square's Web Payments SDK (script and card frames) and card endpoint, per environment. */
const SQUARE_ORIGINS = {
  sandbox: {
    sdk: 'https://sandbox.web.squarecdn.com',
    connect: 'https://pci-connect.squareupsandbox.com',
  },
  production: { sdk: 'https://web.squarecdn.com', connect: 'https://pci-connect.squareup.com' },
} as const;

/** Only the configured Square environment's hosts; none for the offline test provider. */
function squareOrigins(payment: Env['payment']): { sdk: string[]; connect: string[] } {
  if (payment.provider !== 'square') return { sdk: [], connect: [] };
  const origins = SQUARE_ORIGINS[payment.environment];
  return { sdk: [origins.sdk], connect: [origins.connect] };
}

const BASE_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

export function appCspDirectives(
  env: Pick<Env, 'gameOrigin' | 'livestreamUrl' | 'payment'>,
): CspDirectives {
  const square = squareOrigins(env.payment);
  return {
    ...BASE_DIRECTIVES,
    'script-src': ["'self'", ...square.sdk],
    // The live channel's origin: /livestream asks it whether it answers before framing it.
    'connect-src': ["'self'", new URL(env.livestreamUrl).origin, ...square.connect],
    'frame-src': [env.gameOrigin, new URL(env.livestreamUrl).origin, ...square.sdk],
    'frame-ancestors': ["'none'"],
  };
}

export function gameCspDirectives(env: Pick<Env, 'publicOrigin'>): CspDirectives {
  return {
    ...BASE_DIRECTIVES,
    'connect-src': ["'self'", env.publicOrigin],
    'frame-src': ["'none'"],
    'frame-ancestors': [env.publicOrigin],
  };
}

function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** For answers that are data, not documents: nothing may load, nothing may frame them. */
const API_CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
};

const HSTS_MAX_AGE_S = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`;

export type SecurityHeaderOptions = {
  directives: CspDirectives;
  /** The origin this server is reached at; HSTS is sent only when it is https. */
  origin: string;
  /** X-Frame-Options: DENY for the app; off for the game, which the app frames. */
  denyFraming: boolean;
  /** Paths whose answers are API data: apiSecurityHeaders() instead of the page set. */
  isApiPath?: (url: string) => boolean;
};

function helmetOptions(options: SecurityHeaderOptions, directives: CspDirectives): HelmetOptions {
  const https = new URL(options.origin).protocol === 'https:';
  return {
    // No helmet defaults: the policy is exactly the list given (the defaults would add
    // upgrade-insecure-requests, which breaks the http://localhost game frame).
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: options.denyFraming ? { action: 'deny' } : false,
    xContentTypeOptions: true,
  };
}

/** The API's header set as one object, set on each answer without per-request work. */
export function apiSecurityHeaders(options: Pick<SecurityHeaderOptions, 'origin'>) {
  const https = new URL(options.origin).protocol === 'https:';
  return {
    'content-security-policy': serializeCsp(API_CSP_DIRECTIVES),
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const pageHeaders = helmet(helmetOptions(options, options.directives));
  const apiHeaders = apiSecurityHeaders(options);
  const isApi = options.isApiPath ?? (() => false);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) {
      reply.headers(apiHeaders);
      done();
      return;
    }
    pageHeaders(request.raw, reply.raw, () => done());
  });
}
