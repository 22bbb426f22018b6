import { ARK_OF_ANSWERS, MESSAGES } from '@questfield/contract';
import { HeroBackdrop } from '@/components/layout/hero-backdrop';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { LazyVideoPlayer } from '@/components/video-player/lazy-video-player';
import { media } from '@/config/content';
import { landingCopy } from '@/features/landing/copy';
import { typeScale } from '@/components/ui/type-scale';

export const PURCHASE_SECTION_ID = 'purchase-credits';
export const CONSULTATION_SECTION_ID = 'consultation';
export const BOOKING_SECTION_ID = 'book-a-session';

/**
 * The video and title block of the landing page (spec §2 '/'): the title and pitch beside the
 * landing video (under it on small screens). When the video fails, the player says so with the
 * spec's page text. The header floats over it.
 */
export function LandingHero() {
  return (
    <section
      aria-labelledby="landing-title"
      className="relative isolate flex min-h-[92svh] items-center overflow-hidden pt-32 pb-20 sm:pt-40"
    >
      <HeroBackdrop />
      <PageContainer className="relative grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-14">
        <div>
          <p className={typeScale.eyebrow}>{landingCopy.eyebrow}</p>
          <h1
            id="landing-title"
            className="mt-4 bg-gradient-to-br from-white via-mist-50 to-accent-300 bg-clip-text text-6xl font-black tracking-tighter text-transparent sm:text-8xl lg:text-7xl xl:text-8xl"
          >
            Questfield
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-mist-100 sm:text-xl">
            {landingCopy.tagline}
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <a href={`#${PURCHASE_SECTION_ID}`} className={buttonStyles({ size: 'lg' })}>
              {landingCopy.primaryCta}
              <ArrowRightIcon />
            </a>
            <a
              href={`#${CONSULTATION_SECTION_ID}`}
              className={buttonStyles({ variant: 'secondary', size: 'lg' })}
            >
              {landingCopy.secondaryCta}
            </a>
          </div>
          <dl className="mt-14 grid max-w-xl grid-cols-3 gap-4 border-t border-white/10 pt-8">
            {landingCopy.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end gap-1">
                <dt className="text-xs text-mist-300 sm:text-sm">{stat.label}</dt>
                <dd className="text-2xl font-extrabold text-white sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <figure className="min-w-0">
          <LazyVideoPlayer {...media.landingVideo} failureNote={MESSAGES.videoPageFailed} />
          <figcaption className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-xl font-extrabold tracking-tight text-white sm:text-2xl">
              {ARK_OF_ANSWERS}
            </span>
            <span className="text-sm text-mist-300">{landingCopy.videoCaption}</span>
          </figcaption>
        </figure>
      </PageContainer>
    </section>
  );
}
