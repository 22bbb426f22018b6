import hostPackArt from '@/assets/art/host-pack.svg';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageIntros } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { PartnershipForm } from '@/features/partnerships/components/partnership-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §2 /community-partnerships: the partnership application form (Partnerships/Apply). If
 * this page fails to load, the router shows the spec's 'This page failed to load.' (router.tsx).
 */
export default function CommunityPartnershipsRoute() {
  useDocumentTitle(pageTitle(paths.communityPartnerships.label));
  const { heading, body } = pageIntros.communityPartnerships;
  return (
    <>
      <PageHeader title={heading} art={hostPackArt}>
        <p>{body}</p>
      </PageHeader>
      <PageContainer className="py-10 sm:py-14">
        <PartnershipForm />
      </PageContainer>
    </>
  );
}
