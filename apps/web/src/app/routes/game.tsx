import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function GameRoute() {
  useDocumentTitle(pageTitle(paths.game.label));
  const { heading, body } = pendingPages.game;
  return <PendingPage heading={heading} body={body} />;
}
