import { pageTitle, paths } from '@/config/paths';
import { ComingSoon } from '@/features/coming-soon/components/coming-soon';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ComingSoonRoute() {
  useDocumentTitle(pageTitle(paths.comingSoon.label));
  return <ComingSoon />;
}
