import { pageTitle, paths } from '@/config/paths';
import { ComingSoon } from '@/features/coming-soon/components/coming-soon';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function MobileRewardsRoute() {
  useDocumentTitle(pageTitle(paths.mobileRewards.label));
  return <ComingSoon />;
}
