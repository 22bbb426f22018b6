import type { ReactNode } from 'react';
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

export type RouteHandle = {
  header?: HeaderVariant;
  /** `own`: the page brings its own frame (the console's), without the site's header and footer. */
  frame?: 'own';
};

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

/** Whether the page shown brings its own frame (RouteHandle `frame`). */
function useOwnFrame(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.frame === 'own');
}

/** The player site's frame: its header (with the player's banners), the page, its footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  const session = useSession();
  const variant = useHeaderVariant();

  return (
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
      {children}
    </AppLayout>
  );
}

/**
 * The layout route: the page in the site's frame (or in its own), the app-level auth listener
 * and scroll handling.
 */
export default function RootRoute() {
  const ownFrame = useOwnFrame();
  return (
    <>
      {ownFrame ? (
        <Outlet />
      ) : (
        <SiteFrame>
          <Outlet />
        </SiteFrame>
      )}
      <NavigationProgress />
      <AuthModals />
      <ScrollRestoration />
    </>
  );
}
