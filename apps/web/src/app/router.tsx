import { MESSAGES } from '@questfield/contract';
import { useState, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import RootRoute, { type RouteHandle } from './routes/root';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageFallback } from '@/components/layout/navigation-progress';
import { paths, type AppPath } from '@/config/paths';

type RouteModule = { default: ComponentType };

/** A code-split page: its module loads when the route is first visited. */
function page(
  appPath: AppPath | { path: string; header?: AppPath['header'] },
  load: () => Promise<RouteModule>,
): RouteObject {
  const handle: RouteHandle = { header: appPath.header ?? 'dark' };
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

/** Every route of spec §2, plus the not-found page. Shared by the app and by the tests. */
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
          page({ path: '*' }, () => import('./routes/not-found')),
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
