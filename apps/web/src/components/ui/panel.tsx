import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '@/utils/cn';
import { typeScale } from '@/components/ui/type-scale';

/**
 * A titled card of a dashboard-like page: a region named by its h2. With `headingRef`, the
 * heading can take the focus (where the user's attention goes back after an action).
 */
export function Panel({
  heading,
  headingRef,
  className,
  children,
}: {
  heading: string;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-white/10 bg-ink-850/70 p-6', className)}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef === undefined ? undefined : -1}
        className={cn(typeScale.card, headingRef !== undefined && 'outline-none')}
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}
