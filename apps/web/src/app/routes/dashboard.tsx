import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function DashboardRoute() {
  useDocumentTitle(pageTitle(paths.dashboard.label));
  const { heading, body } = pendingPages.dashboard;
  return <PendingPage heading={heading} body={body} />;
}
