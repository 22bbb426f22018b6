import gamePackArt from '@/assets/art/game-pack.svg';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageIntros } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { LoginGate } from '@/features/accounts/components/login-gate';
import { useSession } from '@/features/accounts/hooks/use-session';
import { ExperienceCardForm } from '@/features/codes/components/experience-card-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §5 /experience-card: a visitor gets the login gate; a player a code field and Redeem
 * (Items/Redeem), then 'Game Pass Redeemed' with 'Join Game'. The header's Credits take the
 * answer's balance at once.
 */
export default function ExperienceCardRoute() {
  useDocumentTitle(pageTitle(paths.experienceCard.label));
  const { heading, body } = pageIntros.experienceCard;
  const session = useSession();

  return (
    <>
      <PageHeader title={heading} art={gamePackArt}>
        <p>{body}</p>
      </PageHeader>
      <PageContainer className="py-10 sm:py-14">
        {session.status === 'signed-out' ? (
          <LoginGate className="max-w-2xl" headingLevel={2} />
        ) : (
          <ExperienceCardForm />
        )}
      </PageContainer>
    </>
  );
}
