import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageTitle, paths } from '@/config/paths';
import { useSession } from '@/features/accounts/hooks/use-session';
import { PartyInvite } from '@/features/bookings/components/party-invite';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * A party's invite link (ADR 0065), `/invite#<token>`: who invites and when, and the seat to
 * claim once signed in (sign-in and sign-up are the site's own dialogs).
 */
export default function InviteRoute() {
  useDocumentTitle(pageTitle(paths.invite.label));
  const session = useSession();
  return (
    <>
      <PageHeader title={paths.invite.label} />
      <PageContainer className="py-10 sm:py-14">
        <PartyInvite viewer={session.status} />
      </PageContainer>
    </>
  );
}
