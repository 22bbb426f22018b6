import { useEffect, useId, useRef, type ReactNode } from 'react';
import { typeScale } from '@/components/ui/type-scale';

/**
 * One step of the console's sign-in (a card with its h2). The heading takes the focus when the
 * step appears, so a keyboard or screen-reader user continues from the new step, not from a
 * button that is gone.
 */
export function ConsoleStep({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-xl rounded-2xl border border-white/10 bg-ink-850/70 p-6 sm:p-8"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={typeScale.card}>
        {heading}
      </h2>
      <div className="mt-3 flex flex-col gap-5 text-mist-100">{children}</div>
    </section>
  );
}
