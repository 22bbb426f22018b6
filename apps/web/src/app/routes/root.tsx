import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import type { HeaderVariant } from '@/config/paths';
import { accountHeaderParts } from '@/features/accounts/components/account-header-parts';
import { AuthModals } from '@/features/accounts/components/auth-modals';
import { useSession } from '@/features/accounts/hooks/use-session';

export type RouteHandle = { header?: HeaderVariant };

function useHeaderVariant(): HeaderVariant {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.header) return handle.header;
  }
  return 'dark';
}

/** The layout route: header, page, footer, the app-level auth listener and scroll handling. */
export default function RootRoute() {
  const session = useSession();
  const variant = useHeaderVariant();

  return (
    <>
      <AppLayout
        header={
          <SiteHeader
            variant={variant}
            session={session}
            account={session.user ? accountHeaderParts(session.user) : undefined}
          />
        }
        footer={<SiteFooter />}
      >
        <Outlet />
      </AppLayout>
      <NavigationProgress />
      <AuthModals />
      <ScrollRestoration />
    </>
  );
}
