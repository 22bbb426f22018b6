import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import type { HeaderVariant } from '@/config/paths';
import { accountHeaderParts } from '@/features/accounts/components/account-header-parts';
import { AuthModals } from '@/features/accounts/components/auth-modals';
import { useSession } from '@/features/accounts/hooks/use-session';
import { onDemand } from '@/lib/on-demand';
import type { Session } from '@/lib/session';

export type RouteHandle = { header?: HeaderVariant };

// Only a signed-in player has a countdown: visitors never load its code.
const GameCountdown = onDemand(() =>
  import('@/features/games/components/game-countdown').then((module) => ({
    default: module.GameCountdown,
  })),
);

// A seat offered from the waitlist (ADR 0034): signed-in players only, like the countdown.
const WaitlistOfferBanner = onDemand(() =>
  import('@/features/bookings/components/waitlist-offer-banner').then((module) => ({
    default: module.WaitlistOfferBanner,
  })),
);

function useHeaderVariant(): HeaderVariant {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.header) return handle.header;
  }
  return 'dark';
}

/**
 * The signed-in header parts, with the countdown to the player's next game at the top of the
 * small-screen menu (only once the server has confirmed the session).
 */
function headerAccount(session: Session) {
  if (!session.user) return undefined;
  const parts = accountHeaderParts(session.user);
  if (session.status !== 'signed-in') return parts;
  return {
    bar: parts.bar,
    menu: (
      <>
        <GameCountdown userId={session.user.id} variant="menu" />
        {parts.menu}
      </>
    ),
  };
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
            account={headerAccount(session)}
            banner={
              session.status === 'signed-in' ? (
                <>
                  <WaitlistOfferBanner userId={session.user.id} credits={session.user.credits} />
                  <GameCountdown userId={session.user.id} variant="banner" />
                </>
              ) : undefined
            }
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
