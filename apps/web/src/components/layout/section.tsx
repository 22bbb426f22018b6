import { useId, type ReactNode } from 'react';
import { PageContainer } from './page-container';
import { cn } from '@/utils/cn';

/**
 * A band of a long page (the landing page's sections): its h2 names the section for assistive
 * technology, `id` is the anchor in-page links scroll to, and the spacing is the same for all.
 */
export function Section({
  id,
  heading,
  intro,
  tone = 'plain',
  className,
  children,
}: {
  id?: string;
  heading: string;
  intro?: ReactNode;
  /** `raised` sets the band apart with a darker background and rules. */
  tone?: 'plain' | 'raised';
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'py-16 sm:py-24',
        tone === 'raised' && 'border-y border-white/5 bg-ink-900/70',
        className,
      )}
    >
      <PageContainer>
        <h2
          id={headingId}
          className="text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl"
        >
          {heading}
        </h2>
        {intro ? <p className="mt-3 max-w-2xl text-lg text-mist-300">{intro}</p> : null}
        {children}
      </PageContainer>
    </section>
  );
}
