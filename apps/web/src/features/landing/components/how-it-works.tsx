import creditPackArt from '@/assets/art/credit-pack.svg';
import districtArt from '@/assets/art/district.svg';
import mazeArt from '@/assets/art/maze.svg';
import { Section } from '@/components/layout/section';
import { Art } from '@/components/ui/art';
import { landingCopy } from '@/features/landing/copy';
import { typeScale } from '@/components/ui/type-scale';
import { cn } from '@/utils/cn';

/** Each step's picture: credits, the district where the slots are, the maze. */
const STEP_ART = [creditPackArt, districtArt, mazeArt];

export function HowItWorks() {
  return (
    <Section heading={landingCopy.howItWorksHeading}>
      <ol className="mt-10 grid gap-5 md:grid-cols-3">
        {landingCopy.steps.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-3xl border border-white/10 bg-gradient-to-b from-ink-800/80 to-ink-900/60 p-6 sm:p-8"
          >
            <Art
              src={STEP_ART[index] ?? mazeArt}
              className="mx-auto -mt-2 mb-4 w-full max-w-[10rem] md:max-w-[15rem]"
            />
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-accent-400 text-lg font-black text-ink-950"
            >
              {index + 1}
            </span>
            <h3 className={cn('mt-5', typeScale.card)}>{step.title}</h3>
            <p className="mt-2 text-mist-300">{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
