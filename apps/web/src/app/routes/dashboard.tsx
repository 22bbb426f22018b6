import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { buttonStyles } from '@/components/ui/button-styles';
import { Panel } from '@/components/ui/panel';
import { pageTitle, paths } from '@/config/paths';
import { useFreshSession } from '@/features/accounts/hooks/use-session';
import { CreditHistory } from '@/features/credits/components/credit-history';
import { CreditsCard } from '@/features/credits/components/credits-card';
import { creditsCopy } from '@/features/credits/copy';
import { Leaderboard } from '@/features/leaderboard/components/leaderboard';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

function SignInPrompt() {
  return (
    <Panel heading={creditsCopy.signedOutHeading}>
      <p className="mt-2 text-mist-300">{creditsCopy.signedOutText}</p>
      <button
        type="button"
        className={buttonStyles({ className: 'mt-5' })}
        onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignIn)}
      >
        {creditsCopy.signIn}
      </button>
    </Panel>
  );
}

/** Spec §2: Your Credits, 'Join a Session', the credit history and the leaderboard. */
export default function DashboardRoute() {
  useDocumentTitle(pageTitle(paths.dashboard.label));
  const session = useFreshSession();
  const user = session.user;

  return (
    <>
      <PageHeader title={paths.dashboard.label} />
      <PageContainer className="grid gap-6 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {user !== null ? <CreditsCard credits={user.credits} /> : null}
          {session.status === 'signed-in' ? <CreditHistory userId={session.user.id} /> : null}
          {session.status === 'signed-out' ? <SignInPrompt /> : null}
        </div>
        <div className="min-w-0">
          <Leaderboard />
        </div>
      </PageContainer>
    </>
  );
}
