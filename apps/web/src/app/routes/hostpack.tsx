import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function HostPackRoute() {
  useDocumentTitle(pageTitle(paths.hostPack.label));
  const { heading, body } = pendingPages.hostPack;
  return <PendingPage heading={heading} body={body} hero />;
}
