import { MESSAGES } from '@questfield/contract';
import { PageHeader } from '@/components/layout/page-header';
import { soundtrackCopy } from '@/features/soundtrack/copy';
import { pageTitle, paths } from '@/config/paths';
import { SoundtrackLibrary } from '@/features/soundtrack/components/soundtrack-library';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function SoundtrackRoute() {
  useDocumentTitle(pageTitle(paths.soundtrack.label));
  return (
    <>
      <PageHeader title={MESSAGES.soundtrackHeading}>{soundtrackCopy.intro}</PageHeader>
      <SoundtrackLibrary />
    </>
  );
}
