/**
 * API routes are registered only from the contract: `apiRoute(name)` gives the method, path,
 * access kind (API_ROUTES) and the request/response schemas (API_SCHEMAS) to spread into
 * `app.route`, so every route has a path the web client knows, an access decision
 * (security.md R13) and the same schemas the client checks with. An onRoute hook refuses any
 * /api route that did not come from there.
 *
 * Tests add stand-in routes (test/helpers/probe-module.ts, `testRoute()`): under /api/test/,
 * flagged `testOnly`, and accepted only by an app built with test modules, so no stand-in can
 * sit on a real path.
 */
import {
  API_ROUTES,
  API_SCHEMAS,
  type ApiModuleName,
  type ApiRoute,
  type ApiRouteName,
  type ImplementedRoute,
  type RouteAccess,
  type TwoFactorNeed,
} from '@questfield/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    apiRoute?: ApiRouteName;
    access?: RouteAccess;
    /** What a staff or admin route needs of the session's two-factor check. */
    twoFactor?: TwoFactorNeed;
    /** A stand-in route of the test suite (see testRoute). */
    testOnly?: boolean;
  }
}

type Schemas<N extends ImplementedRoute> = (typeof API_SCHEMAS)[N];
type FastifySchemaOf<N extends ImplementedRoute> =
  Schemas<N> extends { request: infer Body }
    ? { body: Body; response: { 200: Schemas<N>['response'] } }
    : { response: { 200: Schemas<N>['response'] } };

export function apiRoute<N extends ImplementedRoute>(name: N) {
  const route: ApiRoute = API_ROUTES[name];
  const schemas: Schemas<N> = API_SCHEMAS[name];
  const response = { 200: schemas.response };
  const schema = 'request' in schemas ? { body: schemas.request, response } : { response };
  return {
    method: route.method,
    url: route.path,
    config: { apiRoute: name, access: route.access, twoFactor: route.twoFactor },
    schema: schema as FastifySchemaOf<N>,
  };
}

const TEST_ROUTE_PREFIX = '/api/test/';

/** The URL without its query string. */
export function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

/** True for /api and everything under it, whatever the query string. */
export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

function matchesContract(route: RouteOptions): boolean {
  const name = route.config?.apiRoute;
  const entry = name === undefined ? undefined : API_ROUTES[name];
  if (entry === undefined || entry.path !== route.url) return false;
  // Fastify adds a HEAD twin to every GET route.
  const allowed = entry.method === 'GET' ? ['GET', 'HEAD'] : [entry.method];
  return methodsOf(route).every((method) => allowed.includes(method));
}

function isTestRoute(route: RouteOptions): boolean {
  return route.config?.testOnly === true && route.url.startsWith(TEST_ROUTE_PREFIX);
}

/** Registers a module's routes, refusing any route the contract gives to another module. */
export type ModuleRegistrar = (
  module: ApiModuleName | null,
  register: () => void | Promise<void>,
) => Promise<void>;

export function enforceRouteTable(
  app: FastifyInstance,
  options: { testRoutes: boolean },
): ModuleRegistrar {
  // Fastify runs onRoute hooks synchronously inside app.route(), so this names the registrar.
  let registering: ApiModuleName | null = null;
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    if (matchesContract(route)) return checkModule(route, registering);
    if (options.testRoutes && isTestRoute(route)) return;
    throw new Error(
      `Route ${methodsOf(route).join(',')} ${route.url} is not registered through apiRoute() ` +
        'with a matching API_ROUTES and API_SCHEMAS entry in @questfield/contract.',
    );
  });
  return async (module, register) => {
    registering = module;
    try {
      await register();
    } finally {
      registering = null;
    }
  };
}

function checkModule(route: RouteOptions, registering: ApiModuleName | null): void {
  const declared = API_ROUTES[route.config?.apiRoute as ApiRouteName].module;
  if (declared === registering) return;
  throw new Error(
    `Route ${route.url} belongs to the ${declared} module in API_ROUTES but the ` +
      `${registering ?? 'test'} module registered it.`,
  );
}
