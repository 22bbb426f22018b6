import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LivestreamRoute() {
  useDocumentTitle(pageTitle(paths.livestream.label));
  const { heading, body } = placeholderPages.livestream;
  return <PlaceholderPage heading={heading} body={body} />;
}
