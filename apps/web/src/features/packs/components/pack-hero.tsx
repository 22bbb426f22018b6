import type { ReactNode } from 'react';
import { HeroBackdrop } from '@/components/layout/hero-backdrop';
import { PageContainer } from '@/components/layout/page-container';
import { typeScale } from '@/components/ui/type-scale';
import { cn } from '@/utils/cn';

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
          <p className={typeScale.eyebrow}>{eyebrow}</p>
          <h1 id="pack-hero-title" className={cn('mt-4', typeScale.display)}>
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
