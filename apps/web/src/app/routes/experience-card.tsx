import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { placeholderPages } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ExperienceCardRoute() {
  useDocumentTitle(pageTitle(paths.experienceCard.label));
  const { heading, body } = placeholderPages.experienceCard;
  return <PlaceholderPage heading={heading} body={body} />;
}
