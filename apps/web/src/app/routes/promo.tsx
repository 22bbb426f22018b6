import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function PromoRoute() {
  useDocumentTitle(pageTitle(paths.promo.label));
  const { heading, body } = placeholderPages.promo;
  return <PlaceholderPage heading={heading} body={body} hero />;
}
