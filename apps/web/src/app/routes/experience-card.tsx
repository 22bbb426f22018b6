import { PendingPage } from '@/components/layout/pending-page';
import { pendingPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ExperienceCardRoute() {
  useDocumentTitle(pageTitle(paths.experienceCard.label));
  const { heading, body } = pendingPages.experienceCard;
  return <PendingPage heading={heading} body={body} />;
}
