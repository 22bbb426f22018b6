import { MESSAGES } from '@questfield/contract';
import { useState, type ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type * as ConsoleModule from './routes/console';
import RootRoute, { type RouteHandle } from './routes/root';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageFallback } from '@/components/layout/navigation-progress';
import { consolePaths, paths, type AppPath, type ConsoleScreen } from '@/config/paths';

type RouteModule = { default: ComponentType };

/** Each page's loader by its route path, for `preloadPage`. */
const loaders = new Map<string, () => Promise<RouteModule>>();

/** A code-split page: its module loads when the route is first visited. */
function page(
  appPath: AppPath | { path: string; header?: AppPath['header']; frame?: RouteHandle['frame'] },
  load: () => Promise<RouteModule>,
): NonIndexRouteObject {
  const handle: RouteHandle = {
    header: appPath.header ?? 'dark',
    ...('frame' in appPath ? { frame: appPath.frame } : {}),
  };
  loaders.set(appPath.path, load);
  return {
    path: appPath.path,
    handle,
    // A chunk that fails to load becomes a page that throws, so the route's errorElement shows:
    // a rejected `lazy` would leave the route unloaded and the page blank.
    lazy: async () => {
      try {
        return { Component: (await load()).default };
      } catch (error) {
        return {
          Component: () => {
            throw error;
          },
        };
      }
    },
  };
}

/** A route of the console below its page: its code is the console's (routes/console). */
function consoleRoute(
  path: string,
  pick: (module: typeof ConsoleModule) => ComponentType,
): RouteObject {
  return page({ path }, async () => ({ default: pick(await import('./routes/console')) }));
}

/**
 * The operator console: sign-in, two-factor and the navigation (routes/console), then the
 * screen at each of consolePaths; an address below it without a screen goes to the overview.
 * It brings its own frame, not the player site's header and footer (ADR 0060).
 */
const consoleRoutes: RouteObject = {
  ...page({ path: consolePaths.home, frame: 'own' }, () => import('./routes/console')),
  children: [
    ...(Object.keys(consolePaths) as ConsoleScreen[]).map((screen) =>
      consoleRoute(consolePaths[screen], (module) => module.consoleScreens[screen]),
    ),
    consoleRoute(`${consolePaths.home}/*`, (module) => module.NoSuchScreen),
  ],
};

/**
 * Every route of spec §2, the not-found page, and the operator console (its code loaded only
 * there). Shared by the app and by the tests.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        // Errors in a page render inside the layout, so the header and footer stay usable,
        // and while the first page's code loads the layout is already on screen.
        errorElement: <RouteErrorBoundary />,
        hydrateFallbackElement: <PageFallback />,
        children: [
          page(paths.home, () => import('./routes/landing')),
          page(paths.game, () => import('./routes/game')),
          page(paths.dashboard, () => import('./routes/dashboard')),
          page(paths.comingSoon, () => import('./routes/coming-soon')),
          page(paths.mobileRewards, () => import('./routes/mobile-rewards')),
          page(paths.termsAndConditions, () => import('./routes/terms-and-conditions')),
          page(paths.privacyPolicy, () => import('./routes/privacy-policy')),
          page(paths.promo, () => import('./routes/promo')),
          page(paths.hostPack, () => import('./routes/hostpack')),
          page(paths.experienceCard, () => import('./routes/experience-card')),
          page(paths.livestream, () => import('./routes/livestream')),
          {
            ...page(paths.communityPartnerships, () => import('./routes/community-partnerships')),
            errorElement: <RouteErrorBoundary body={MESSAGES.communityPageFailed} />,
          },
          page(paths.soundtrack, () => import('./routes/soundtrack')),
          page(paths.store, () => import('./routes/store')),
          page(paths.esports, () => import('./routes/esports')),
          page(paths.unsubscribe, () => import('./routes/unsubscribe')),
          page(paths.invite, () => import('./routes/invite')),
          consoleRoutes,
          page({ path: '*' }, () => import('./routes/not-found')),
        ],
      },
    ],
  },
];

/** The route path `pathname` shows, e.g. '/' for '/?experience=x'. */
function pagePath(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

/**
 * Starts loading the code of the page at `pathname` as the entry runs, so the first page's chunk
 * downloads while React renders the shell instead of after it (the router's own `lazy` call then
 * gets the same module). A failure is left to the router, which shows the route's error page.
 */
export function preloadPage(pathname: string): void {
  const path = pagePath(pathname);
  const load = path === undefined ? undefined : loaders.get(path);
  load?.().catch(() => undefined);
}

/**
 * Loads the page at `pathname` before the router is made, so the router starts with the page
 * in place: needed to hydrate the page's prerendered HTML (a router still loading a page would
 * render the fallback instead, and the HTML would not match).
 */
export async function loadPage(pathname: string): Promise<void> {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { route } = match;
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
