import { useId, type ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { typeScale } from '@/components/ui/type-scale';

/** A titled card of a dashboard-like page: a region named by its h2. */
export function Panel({
  heading,
  className,
  children,
}: {
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-white/10 bg-ink-850/70 p-6', className)}
    >
      <h2 id={headingId} className={typeScale.card}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
