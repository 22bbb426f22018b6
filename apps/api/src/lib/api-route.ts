/**
 * API routes are registered only from the contract's API_ROUTES table, so every route has a
 * path the web client knows and an access decision (security.md R13). `apiRoute(name)` gives
 * the method, path and config to spread into `app.route`; an onRoute hook refuses any /api
 * route that did not come from the table.
 */
import { API_ROUTES, type ApiRouteName, type RouteAccess } from '@questfield/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    apiRoute?: ApiRouteName;
    access?: RouteAccess;
  }
}

export function apiRoute<N extends ApiRouteName>(name: N) {
  const route = API_ROUTES[name];
  return {
    method: route.method,
    url: route.path,
    config: { apiRoute: name, access: route.access },
  } as const;
}

/** True for /api and everything under it, whatever the query string. */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

function checkAgainstContract(route: RouteOptions): void {
  if (!isApiPath(route.url)) return;
  const name = route.config?.apiRoute;
  const entry = name === undefined ? undefined : API_ROUTES[name];
  // Fastify adds a HEAD twin to every GET route.
  const allowed =
    entry === undefined ? [] : entry.method === 'GET' ? ['GET', 'HEAD'] : [entry.method];
  const matches =
    entry !== undefined &&
    entry.path === route.url &&
    methodsOf(route).every((method) => allowed.includes(method));
  if (!matches) {
    throw new Error(
      `Route ${methodsOf(route).join(',')} ${route.url} is not registered through apiRoute() ` +
        'with a matching API_ROUTES entry in @questfield/contract.',
    );
  }
}

export function enforceRouteTable(app: FastifyInstance): void {
  app.addHook('onRoute', checkAgainstContract);
}
