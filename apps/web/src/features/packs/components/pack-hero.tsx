import type { ReactNode } from 'react';
import { HeroBackdrop } from '@/components/layout/hero-backdrop';
import { PageContainer } from '@/components/layout/page-container';

/**
 * The top of /promo and /hostpack: the page's h1 and pitch beside its video (under it on small
 * screens), with the page's main actions. The header floats over it.
 */
export function PackHero({
  eyebrow,
  heading,
  tagline,
  actions,
  video,
}: {
  eyebrow: string;
  heading: string;
  tagline: string;
  actions: ReactNode;
  video: ReactNode;
}) {
  return (
    <section
      aria-labelledby="pack-hero-title"
      className="relative isolate overflow-hidden pt-28 pb-16 sm:pt-36 sm:pb-20"
    >
      <HeroBackdrop />
      <PageContainer className="relative grid items-center gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-14">
        <div>
          <p className="text-xs font-semibold tracking-[0.28em] text-accent-300 uppercase sm:text-sm">
            {eyebrow}
          </p>
          <h1
            id="pack-hero-title"
            className="mt-4 text-5xl font-black tracking-tighter text-balance text-white sm:text-7xl"
          >
            {heading}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-mist-100">{tagline}</p>
          <div className="mt-8">{actions}</div>
        </div>
        {video}
      </PageContainer>
    </section>
  );
}
