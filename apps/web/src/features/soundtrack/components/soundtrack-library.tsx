import { MESSAGES } from '@questfield/contract';
import { PageContainer } from '@/components/layout/page-container';
import { EmptyState } from '@/components/ui/empty-state';
import { MusicIcon } from '@/components/ui/icons';

/** The player's soundtrack collection; empty until soundtracks can be owned. */
export function SoundtrackLibrary() {
  return (
    <PageContainer className="py-12 sm:py-16">
      <EmptyState icon={<MusicIcon />}>{MESSAGES.soundtrackEmpty}</EmptyState>
    </PageContainer>
  );
}
