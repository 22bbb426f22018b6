import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function GameRoute() {
  useDocumentTitle(pageTitle(paths.game.label));
  const { heading, body } = placeholderPages.game;
  return <PlaceholderPage heading={heading} body={body} />;
}
