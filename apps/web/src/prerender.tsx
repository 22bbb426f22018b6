/**
 * Renders a page to HTML at build time (scripts/prerender-pages.ts), as a visitor first sees it:
 * signed out until the browser's own session check answers, no data from the API yet. The
 * browser entry (main.tsx) then hydrates it, so the same tree must come out on both sides.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { prerenderedTitle } from './hooks/use-document-title';

/** The page's HTML, and the document title it sets (null when it sets none). */
export async function renderPage(
  pathname: string,
): Promise<{ html: string; title: string | null }> {
  prerenderedTitle.current = null;
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  const tree = () => (
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider
          router={createStaticRouter(dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProvider>
    </StrictMode>
  );
  // Everything in place, lazy parts (the video player) included: a boundary sent late would
  // come with an inline script, which the CSP refuses.
  const { prelude } = await prerender(tree(), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${pathname} still suspends when prerendered`);
  return { html, title: prerenderedTitle.current };
}
