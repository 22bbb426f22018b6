import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function DashboardRoute() {
  useDocumentTitle(pageTitle(paths.dashboard.label));
  const { heading, body } = placeholderPages.dashboard;
  return <PlaceholderPage heading={heading} body={body} />;
}
