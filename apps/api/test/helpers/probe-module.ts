/**
 * Stand-in routes under /api/test/ (testRoute()), so the request pipeline (guards, JSON
 * parsing, validation, error mapping, logging) is tested end to end without borrowing the path
 * of a real route that a later module will own.
 */
import type { RouteAccess, TwoFactorNeed } from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiModule } from '../../src/modules';

/**
 * A stand-in route for pipeline tests: `/api/test/<name>`, with the access kind to exercise,
 * flagged `testOnly` as the route table (src/lib/api-route.ts) accepts it from test modules.
 */
export function testRoute(
  name: string,
  options: { method?: 'GET' | 'POST'; access?: RouteAccess; twoFactor?: TwoFactorNeed } = {},
) {
  return {
    method: options.method ?? 'POST',
    url: `/api/test/${name}`,
    config: { access: options.access ?? 'public', twoFactor: options.twoFactor, testOnly: true },
  } as const;
}

export const PROBE = {
  form: '/api/test/form',
  game: '/api/test/game',
  webhook: '/api/test/webhook',
  internal: '/api/test/internal',
  careless: '/api/test/careless',
  bug: '/api/test/bug',
  staff: '/api/test/staff',
  admin: '/api/test/admin',
  /** A console route: staff, with the session's two-factor check passed. */
  console: '/api/test/console',
  /** A money move: admin, with the password and a code given within 15 minutes. */
  money: '/api/test/money',
} as const;

const formBody = z.object({
  name: z.string().min(1),
  email: z.email(),
  phone: z.string().min(1),
  companyName: z.string().min(1),
  companyDescription: z.string().min(1),
});

export const probeModule: ApiModule = (app) => {
  app.route({
    ...testRoute('form'),
    schema: { body: formBody },
    handler: async (request) => ({ received: request.body.name }),
  });
  app.route({
    ...testRoute('game', { access: 'game' }),
    schema: { body: z.object({ score: z.number().int() }) },
    handler: async () => ({ ok: true }),
  });
  app.route({
    ...testRoute('webhook', { access: 'webhook' }),
    handler: async () => ({ ok: true }),
  });
  app.route({ ...testRoute('internal', { access: 'internal' }), handler: async () => ({}) });
  const whoAsked = async (request: FastifyRequest) => ({
    userId: request.session?.userId ?? null,
  });
  // The role alone (as the console's two-factor routes need it).
  for (const role of ['staff', 'admin'] as const) {
    app.route({ ...testRoute(role, { access: role, twoFactor: 'enrol' }), handler: whoAsked });
  }
  app.route({ ...testRoute('console', { access: 'staff' }), handler: whoAsked });
  app.route({
    ...testRoute('money', { access: 'admin', twoFactor: 'recent' }),
    handler: whoAsked,
  });
  app.route({
    ...testRoute('careless'),
    handler: async (request) => {
      // Logs exactly what a careless handler might: the whole body and every header.
      request.log.info({ body: request.body, headers: request.headers }, 'login attempt');
      return { ok: true };
    },
  });
  app.route({
    ...testRoute('bug', { method: 'GET' }),
    handler: async () => {
      throw new Error('database exploded: password=hunter2 at row 7');
    },
  });
};
