import { useEffect } from 'react';

/** The title the page being prerendered asked for (read by src/prerender.tsx after its render). */
export const prerenderedTitle: { current: string | null } = { current: null };

export function useDocumentTitle(title: string): void {
  // Effects do not run when a page is prerendered: its HTML gets the title this way instead.
  if (typeof document === 'undefined') prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
