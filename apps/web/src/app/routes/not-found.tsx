import { NotFoundContent } from '@/components/errors/not-found-content';
import { notFoundCopy } from '@/config/content';
import { pageTitle } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function NotFoundRoute() {
  useDocumentTitle(pageTitle(notFoundCopy.title));
  return <NotFoundContent />;
}
