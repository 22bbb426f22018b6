import { useId, type ReactNode } from 'react';
import { PageContainer } from './page-container';
import { cn } from '@/utils/cn';
import { typeScale } from '@/components/ui/type-scale';

export type SectionTone = 'plain' | 'raised' | 'highlight';

/**
 * A band of a long page (the landing page's sections): its h2 names the section for assistive
 * technology, `id` is the anchor in-page links scroll to, and the spacing is the same for all.
 * `raised` sets the band apart with a darker background and rules; `highlight` puts heading,
 * intro and content on a glowing card, for a call to action.
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
  tone?: SectionTone;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  const body = (
    <>
      <h2 id={headingId} className={typeScale.section}>
        {heading}
      </h2>
      {intro ? (
        <p
          className={cn(
            'max-w-2xl text-lg',
            tone === 'highlight' ? 'mt-4 text-mist-100' : 'mt-3 text-mist-300',
          )}
        >
          {intro}
        </p>
      ) : null}
      {children}
    </>
  );

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
        {tone === 'highlight' ? (
          <div className="relative overflow-hidden rounded-[2rem] border border-accent-400/30 bg-[radial-gradient(40rem_20rem_at_100%_0%,rgb(247_181_56/0.25),transparent_70%),linear-gradient(135deg,#121b30,#0a0f1c)] px-6 py-12 sm:px-12 sm:py-16">
            <div className="max-w-2xl">{body}</div>
          </div>
        ) : (
          body
        )}
      </PageContainer>
    </section>
  );
}
