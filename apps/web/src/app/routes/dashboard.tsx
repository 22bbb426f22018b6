import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageTitle, paths } from '@/config/paths';
import { useFreshSession } from '@/features/accounts/hooks/use-session';
import { CreditHistory } from '@/features/credits/components/credit-history';
import { CreditsCard } from '@/features/credits/components/credits-card';
import { CreditsSignInPrompt } from '@/features/credits/components/credits-sign-in-prompt';
import { MyWaitlist } from '@/features/bookings/components/my-waitlist';
import { MyGames } from '@/features/games/components/my-games';
import { MyParties } from '@/features/games/components/my-parties';
import { Leaderboard } from '@/features/leaderboard/components/leaderboard';
import { MyGamePasses } from '@/features/payments/components/my-game-passes';
import { MyOrders } from '@/features/payments/components/my-orders';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §2: Your Credits (the server's balance, asked again as the page opens), 'Join a
 * Session', the player's live and upcoming games (`MyGames`, headed 'My Sessions'), their
 * parties (`MyParties`, headed 'Your parties', while there are any; ADR 0065) and their
 * places in waitlists (`MyWaitlist`, while there are any), the credit
 * history, the leaderboard, and the player's 'My Game Passes' and 'My Orders' (one Orders/List
 * request for both). Visitors get a sign-in prompt instead of the balance, history, passes and
 * orders.
 */
export default function DashboardRoute() {
  useDocumentTitle(pageTitle(paths.dashboard.label));
  const session = useFreshSession();

  return (
    <>
      <PageHeader title={paths.dashboard.label} />
      <PageContainer className="grid gap-6 py-10 sm:py-14 lg:grid-cols-2 lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {/* While Users/Me answers, the cached copy shows; a visitor has none. */}
          {session.user !== null ? <CreditsCard credits={session.user.credits} /> : null}
          {session.status === 'signed-out' ? <CreditsSignInPrompt /> : null}
          {session.status === 'signed-in' ? (
            <>
              <MyGames userId={session.user.id} />
              <MyParties userId={session.user.id} />
              <MyWaitlist userId={session.user.id} />
              <MyGamePasses userId={session.user.id} />
              <MyOrders userId={session.user.id} />
              <CreditHistory userId={session.user.id} />
            </>
          ) : null}
        </div>
        <div className="min-w-0">
          <Leaderboard userId={session.status === 'signed-in' ? session.user.id : null} />
        </div>
      </PageContainer>
    </>
  );
}
