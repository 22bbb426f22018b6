import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { pageTitle, paths } from '@/config/paths';
import { LiveChannel } from '@/features/livestream/components/live-channel';
import { livestreamCopy } from '@/features/livestream/copy';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Spec §2 /livestream: the embedded live channel player, with its fallback. */
export default function LivestreamRoute() {
  useDocumentTitle(pageTitle(paths.livestream.label));
  return (
    <>
      <PageHeader title={livestreamCopy.heading}>
        <p>{livestreamCopy.intro}</p>
      </PageHeader>
      <PageContainer className="py-10 sm:py-14">
        <div className="mx-auto max-w-4xl">
          <LiveChannel />
        </div>
      </PageContainer>
    </>
  );
}
