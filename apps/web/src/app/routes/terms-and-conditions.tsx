import { pageTitle, paths } from '@/config/paths';
import { LegalDocumentView } from '@/features/legal/components/legal-document';
import { termsAndConditions } from '@/features/legal/content/terms-and-conditions';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function TermsAndConditionsRoute() {
  useDocumentTitle(pageTitle(paths.termsAndConditions.label));
  return <LegalDocumentView document={termsAndConditions} />;
}
