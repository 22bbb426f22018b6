import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LivestreamRoute() {
  useDocumentTitle(pageTitle(paths.livestream.label));
  const { heading, body } = pendingPages.livestream;
  return <PendingPage heading={heading} body={body} />;
}
