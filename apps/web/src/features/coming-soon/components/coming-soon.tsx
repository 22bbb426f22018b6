import { MESSAGES } from '@questfield/contract';
import { HeroBackdrop } from '@/components/layout/hero-backdrop';
import { PageContainer } from '@/components/layout/page-container';
import { SparkIcon } from '@/components/ui/icons';

/** The placeholder shared by /coming-soon and /mobile-rewards (spec §2). */
export function ComingSoon() {
  return (
    <div className="relative isolate flex flex-1 items-center overflow-hidden py-24">
      <HeroBackdrop />
      <PageContainer className="relative flex flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-accent-400/10 text-accent-300 ring-1 ring-accent-400/30 [&>svg]:size-8">
          <SparkIcon />
        </span>
        <h1 className="mt-8 text-4xl font-black tracking-tight text-white sm:text-6xl">
          {MESSAGES.comingSoonHeading}
        </h1>
        <p className="mt-5 text-lg text-mist-100 sm:text-xl">{MESSAGES.comingSoonText}</p>
      </PageContainer>
    </div>
  );
}
