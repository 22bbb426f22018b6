import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function HostPackRoute() {
  useDocumentTitle(pageTitle(paths.hostPack.label));
  const { heading, body } = placeholderPages.hostPack;
  return <PlaceholderPage heading={heading} body={body} hero />;
}
