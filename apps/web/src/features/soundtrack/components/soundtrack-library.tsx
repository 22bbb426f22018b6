import { GAME_PACK_SOUNDTRACKS, MESSAGES } from '@questfield/contract';
import { soundtrackCopy } from '../copy';
import { PageContainer } from '@/components/layout/page-container';
import { EmptyState } from '@/components/ui/empty-state';
import { MusicIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { typeScale } from '@/components/ui/type-scale';

/**
 * What the library shows: the 7 soundtracks of a Game Pack the player owns, the spec's empty
 * state (a visitor, or no Game Pack yet), the orders still loading, or failing to load.
 */
export type SoundtrackLibraryState =
  | { status: 'owned' }
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'error'; retrying: boolean; onRetry: () => void };

function OwnedSoundtracks() {
  return (
    <section aria-labelledby="owned-soundtracks">
      <h2 id="owned-soundtracks" className={typeScale.block}>
        {soundtrackCopy.ownedHeading}
      </h2>
      <p className="mt-2 text-mist-300">{soundtrackCopy.ownedIntro}</p>
      <ol className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {GAME_PACK_SOUNDTRACKS.map((title, index) => (
          <li
            key={title}
            className="flex items-center gap-4 rounded-2xl border border-white/10 bg-ink-850/70 p-4"
          >
            <span
              aria-hidden="true"
              className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-400/10 text-accent-300 ring-1 ring-accent-400/25 [&>svg]:size-6"
            >
              <MusicIcon />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-mist-400 uppercase">
                {soundtrackCopy.trackNumber(index + 1)}
              </p>
              <p className="font-semibold text-white">{title}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The player's soundtrack collection (spec §2: 'MY SOUNDTRACKS' and its empty state). */
export function SoundtrackLibrary({ state }: { state: SoundtrackLibraryState }) {
  return (
    <PageContainer className="py-12 sm:py-16">
      {state.status === 'owned' ? <OwnedSoundtracks /> : null}
      {state.status === 'empty' ? (
        <EmptyState icon={<MusicIcon />}>{MESSAGES.soundtrackEmpty}</EmptyState>
      ) : null}
      {state.status === 'loading' ? (
        <div
          role="status"
          aria-label={soundtrackCopy.loading}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-20 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </div>
      ) : null}
      {state.status === 'error' ? (
        <RetryAlert
          message={soundtrackCopy.loadError}
          retryLabel={soundtrackCopy.retry}
          retrying={state.retrying}
          onRetry={state.onRetry}
        />
      ) : null}
    </PageContainer>
  );
}
