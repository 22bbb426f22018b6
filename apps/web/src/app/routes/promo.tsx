import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function PromoRoute() {
  useDocumentTitle(pageTitle(paths.promo.label));
  const { heading, body } = pendingPages.promo;
  return <PendingPage heading={heading} body={body} hero />;
}
