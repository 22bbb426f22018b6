import { Section } from '@/components/layout/section';
import { landingCopy } from '@/features/landing/copy';

export function HowItWorks() {
  return (
    <Section heading={landingCopy.howItWorksHeading}>
      <ol className="mt-10 grid gap-5 md:grid-cols-3">
        {landingCopy.steps.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-3xl border border-white/10 bg-gradient-to-b from-ink-800/80 to-ink-900/60 p-6 sm:p-8"
          >
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-accent-400 text-lg font-black text-ink-950"
            >
              {index + 1}
            </span>
            <h3 className="mt-5 text-xl font-bold text-white">{step.title}</h3>
            <p className="mt-2 text-mist-300">{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
