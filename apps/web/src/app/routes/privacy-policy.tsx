import { pageTitle, paths } from '@/config/paths';
import { LegalDocumentView } from '@/features/legal/components/legal-document';
import { privacyPolicy } from '@/features/legal/content/privacy-policy';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function PrivacyPolicyRoute() {
  useDocumentTitle(pageTitle(paths.privacyPolicy.label));
  return <LegalDocumentView document={privacyPolicy} />;
}
