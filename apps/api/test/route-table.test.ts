import {
  API_ROUTES,
  CSRF_HEADER,
  ERRORS,
  type ApiRoute,
  type ApiRouteName,
  type RouteAccess,
} from '@questfield/contract';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoute } from '../src/lib/api-route';
import type { ApiModule } from '../src/modules';
import { signUp, type SignedUp } from './helpers/accounts';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

const API_ROOT = join(import.meta.dirname, '..');
/** A row of the README's route table: | `name` | METHOD `path` | access | module | `file` | */
const ROUTE_ROW = /^\| `(\w+)` \| (GET|POST) `(\S+)` \| (\w+) \| ([\w-]+) \| `(\S+)` \|$/gm;

describe(`API route table [${dbKind}]`, () => {
  it('registers only routes listed in the contract', async () => {
    const t = await createTestApp();
    try {
      const known = new Set<string>(Object.values(API_ROUTES).map((route) => route.path));
      const routes = t.app.printRoutes({ commonPrefix: false });
      const paths = registeredRoutes(routes)
        .map((route) => route.path)
        .filter((path) => path.startsWith('/api/'));
      expect(paths).toContain('/api/health');
      expect(paths).toContain('/api/config');
      for (const path of paths) expect(known.has(path), path).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses an /api route that is not in the contract', async () => {
    const rogue: ApiModule = (app) => {
      app.get('/api/rogue', async () => ({}));
    };
    await expect(createTestApp({ testModules: [rogue] })).rejects.toThrow(/API_ROUTES/);
  });

  it("refuses a contract route registered by another module than the contract's", async () => {
    const squatter: ApiModule = (app) => {
      app.route({ ...apiRoute('gamesMyBests'), handler: async () => ({}) as never });
    };
    await expect(createTestApp({ testModules: [squatter] })).rejects.toThrow(
      /belongs to the games module in API_ROUTES but the test module registered it/,
    );
  });

  it("lists every route in the API README's route table, with the file that registers it", async () => {
    const readme = await readFile(join(API_ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(ROUTE_ROW)].map((match) => match.slice(1));
    expect(rows.map(([name]) => name).sort()).toEqual(Object.keys(API_ROUTES).sort());
    for (const [name, method, path, access, module, file] of rows) {
      const route = API_ROUTES[name as ApiRouteName];
      expect({ method, path, access, module }, name).toEqual({
        method: route.method,
        path: route.path,
        access: route.access,
        module: route.module,
      });
      expect(file, name).toMatch(new RegExp(`^src/modules/${module}/[\\w-]+\\.routes\\.ts$`));
      const source = await readFile(join(API_ROOT, file ?? ''), 'utf8');
      expect(source, `${file} registers ${name}`).toContain(`apiRoute('${name}')`);
    }
  });

  it('refuses a contract name used with another path or method', async () => {
    const wrongMethod: ApiModule = (app) => {
      app.route({
        method: 'POST',
        url: '/api/health',
        config: { apiRoute: 'health' },
        handler: async () => ({}),
      });
    };
    await expect(createTestApp({ testModules: [wrongMethod] })).rejects.toThrow(/API_ROUTES/);
  });
});

/**
 * security.md R13. Every route Fastify registered is classified: a contract route with an
 * access kind this test knows how to check, or one of the few non-API paths. Each access kind is
 * then checked from a browser that holds no session: the request is otherwise well formed (CSRF
 * header, JSON content type, a JSON body), so the refusal comes from the access check itself.
 */
const PUBLIC_ROUTES: readonly ApiRouteName[] = [
  'health',
  'config',
  'usersCreate',
  'usersLogin',
  'usersLogout',
  'usersRequestRecoveryCode',
  'usersVerifyRecoveryCode',
  'usersUpdatePassword',
  'usersSignInWithResetToken',
  'eventsAvailableTimes',
  'eventsDayStatus',
  'venue',
  'partnershipsApply',
  'gamesLeaderboard',
  // The invite is its own proof (an HMAC the server alone makes); it says a game's time and its
  // leader's username only (ADR 0065).
  'partiesInvite',
];
/**
 * Registered paths outside the contract, with their methods: the dev mailbox page (absent in
 * production, see dev-mailbox.test.ts) and Fastify's catch-all answer to OPTIONS preflights. The
 * built SPA adds its static files only when apps/web is built, which these tests do not do.
 */
const NON_API_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/dev/mailbox': ['GET', 'HEAD'],
  '*': ['OPTIONS'],
};
const KNOWN_ACCESS: readonly RouteAccess[] = [
  'public',
  'session',
  'internal',
  'dev',
  'webhook',
  'game',
  'mail',
  'operator',
  'staff',
  'admin',
];

type RegisteredRoute = { path: string; methods: string[] };

/**
 * Every route in `printRoutes()`, with its full path: the tree prints a shared prefix once, so
 * `/api/Users/UpdatePassword` is the child `Password` under `/api/Users/Update`.
 */
function registeredRoutes(printed: string): RegisteredRoute[] {
  const parents: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = path;
    parents.length = depth + 1;
    if (match[3] !== undefined) {
      routes.push({ path, methods: match[3].split(',').map((method) => method.trim()) });
    }
  }
  return routes;
}

function browserCall(t: TestApp, route: ApiRoute, cookie?: string) {
  return t.app.inject({
    method: route.method,
    url: route.path,
    headers: {
      'content-type': 'application/json',
      origin: t.env.publicOrigin,
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      ...(cookie === undefined ? {} : { cookie: `qf_session=${cookie}` }),
    },
    payload: route.method === 'POST' ? '{}' : undefined,
  });
}

describe(`R13: every route has an access decision [${dbKind}]`, () => {
  it('classifies every registered route and enforces each access kind without a session', async () => {
    const t = await createTestApp();
    try {
      const routes = t.app.printRoutes({ commonPrefix: false });
      const registered = registeredRoutes(routes);
      expect(registered.map((route) => route.path)).toContain(API_ROUTES.usersUpdatePassword.path);
      const byPath = new Map<string, string>(
        Object.entries(API_ROUTES).map(([name, r]) => [r.path, name]),
      );
      for (const { path, methods } of registered) {
        const name = byPath.get(path) as ApiRouteName | undefined;
        if (name === undefined) {
          expect(NON_API_ROUTES[path], `unclassified route ${path}`).toBeDefined();
          expect(methods, path).toEqual(NON_API_ROUTES[path]);
          continue;
        }
        expect(methods, path).toContain(API_ROUTES[name].method);
      }

      const publicNames = Object.entries(API_ROUTES)
        .filter(([, route]) => route.access === 'public')
        .map(([name]) => name);
      // A new public route must be added to the allow-list on purpose.
      expect(publicNames.sort()).toEqual([...PUBLIC_ROUTES].sort());

      const live = new Set(registered.map((route) => route.path));
      const checked = new Set<RouteAccess>();
      let player: SignedUp | undefined;
      for (const [name, route] of Object.entries(API_ROUTES) as [ApiRouteName, ApiRoute][]) {
        expect(KNOWN_ACCESS, `${name} has an access kind this test does not check`).toContain(
          route.access,
        );
        // A contract route nobody serves is dead weight in the client and this table.
        expect(live.has(route.path), `${name} is in API_ROUTES but no module registers it`).toBe(
          true,
        );
        checked.add(route.access);
        const response = await browserCall(t, route);
        const status = response.statusCode;
        switch (route.access) {
          case 'session':
            expect(status, name).toBe(401);
            expect(jsonOf(response), name).toEqual({
              code: 'UNAUTHENTICATED',
              message: ERRORS.UNAUTHENTICATED.message,
            });
            break;
          case 'internal':
            expect(status, name).toBe(403);
            // A player's cookie does not open it either.
            expect((await browserCall(t, route, 'A'.repeat(43))).statusCode, name).toBe(403);
            break;
          case 'webhook':
            // Unsigned: 401; on a server without SQUARE_WEBHOOK_SIGNATURE_KEY (this one) 404.
            expect([401, 404], name).toContain(status);
            break;
          case 'game':
            // The game ticket is a body field: without one the request is refused as malformed.
            expect(status, name).toBe(400);
            break;
          case 'mail':
            // The token is the link's: without one (and the one-click body) nothing is done.
            expect(status, name).toBe(400);
            break;
          case 'staff':
          case 'admin': {
            expect(jsonOf(response), name).toMatchObject({ code: 'UNAUTHENTICATED' });
            // A player's own session does not open it (roles.test.ts: each role's reach).
            player ??= await signUp(t.app);
            const asPlayer = await browserCall(t, route, player.cookie);
            expect(jsonOf(asPlayer), name).toMatchObject({ code: 'FORBIDDEN' });
            break;
          }
          case 'operator':
            // Only a server on the embedded database publishes an operator token; this one has none.
            expect(status, name).toBe(404);
            break;
          case 'dev':
            expect(route.method, name).toBe('GET');
            break;
          case 'public':
            expect(status, name).not.toBe(401);
            break;
          default:
            throw new Error(`${name}: unknown access kind ${String(route.access)}`);
        }
        expect(status, name).toBeLessThan(500);
      }
      expect([...checked]).toEqual(expect.arrayContaining(['public', 'session', 'internal']));
    } finally {
      await t.close();
    }
  });
});
