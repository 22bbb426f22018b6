import mazeArt from '@/assets/art/maze.svg';
import { PageHeader } from '@/components/layout/page-header';
import { esportsCopy } from '@/features/esports/copy';
import { pageTitle, paths } from '@/config/paths';
import { EsportsLinks } from '@/features/esports/components/esports-links';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function EsportsRoute() {
  useDocumentTitle(pageTitle(paths.esports.label));
  return (
    <>
      <PageHeader title={esportsCopy.heading} art={mazeArt}>
        {esportsCopy.intro}
      </PageHeader>
      <EsportsLinks />
    </>
  );
}
