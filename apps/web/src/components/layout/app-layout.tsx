import type { ReactNode } from 'react';
import { shellCopy } from '@/config/content';

export const MAIN_CONTENT_ID = 'main-content';

/** Skip link, landmarks and the page frame every route shares. */
export function AppLayout({
  header,
  footer,
  children,
}: {
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative flex min-h-svh flex-col overflow-x-clip">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-full bg-accent-400 font-semibold text-ink-950 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:px-5 focus:py-3"
      >
        {shellCopy.skipToContent}
      </a>
      {header}
      {/* Taller than the viewport, so the footer never jumps while a page's code loads. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-svh flex-col">
        {children}
      </main>
      {footer}
    </div>
  );
}
