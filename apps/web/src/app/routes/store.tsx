import lanyardsArt from '@/assets/art/lanyards.svg';
import { PageHeader } from '@/components/layout/page-header';
import { storeCopy } from '@/features/store/copy';
import { pageTitle, paths } from '@/config/paths';
import { StoreSections } from '@/features/store/components/store-sections';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function StoreRoute() {
  useDocumentTitle(pageTitle(paths.store.label));
  return (
    <>
      <PageHeader title={storeCopy.heading} art={lanyardsArt}>
        {storeCopy.intro}
      </PageHeader>
      <StoreSections />
    </>
  );
}
