import districtArt from '@/assets/art/district.svg';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageIntros } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { LoginGate } from '@/features/accounts/components/login-gate';
import { useSession } from '@/features/accounts/hooks/use-session';
import { GameDoor } from '@/features/games/components/game-door';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §4 /game, the door to a game: nothing while the session is checked; a visitor gets the
 * login gate; a player with a live game sees it, any other player the access-code prompt and
 * 'Join Experience'; a live game opens full screen in its frame.
 */
export default function GameRoute() {
  useDocumentTitle(pageTitle(paths.game.label));
  const { heading, body } = pageIntros.game;
  const session = useSession();

  return (
    <>
      <PageHeader title={heading} art={districtArt}>
        <p>{body}</p>
      </PageHeader>
      <PageContainer className="py-10 sm:py-14">
        {session.status === 'signed-out' ? (
          <LoginGate className="max-w-2xl" headingLevel={2} />
        ) : null}
        {session.status === 'signed-in' ? (
          <GameDoor
            userId={session.user.id}
            username={session.user.username}
            credits={session.user.credits ?? 0}
          />
        ) : null}
      </PageContainer>
    </>
  );
}
