import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function CommunityPartnershipsRoute() {
  useDocumentTitle(pageTitle(paths.communityPartnerships.label));
  const { heading, body } = pendingPages.communityPartnerships;
  return <PendingPage heading={heading} body={body} />;
}
