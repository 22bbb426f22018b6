import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function CommunityPartnershipsRoute() {
  useDocumentTitle(pageTitle(paths.communityPartnerships.label));
  const { heading, body } = placeholderPages.communityPartnerships;
  return <PlaceholderPage heading={heading} body={body} />;
}
