import { useEffect, useId, useRef, type ReactNode } from 'react';
import { typeScale } from '@/components/ui/type-scale';

/**
 * One step of the console's sign-in (a card with its h2). A step that replaces another
 * (`takeFocus`) gives its heading the focus, so a keyboard or screen-reader user continues from
 * the new step, not from a button that is gone; the first step leaves the focus where the page
 * put it (after a sign-in, the header's account button, as everywhere on the site).
 */
export function ConsoleStep({
  heading,
  takeFocus = false,
  children,
}: {
  heading: string;
  takeFocus?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
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
