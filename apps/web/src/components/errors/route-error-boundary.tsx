import { BRAND_NAME } from '@questfield/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundContent } from './not-found-content';
import { buttonStyles } from '@/components/ui/button-styles';
import { errorCopy, notFoundCopy } from '@/config/content';
import { paths, pageTitle } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

function ErrorMessage({ body }: { body: string }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="max-w-lg text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
          {errorCopy.heading}
        </h1>
        <p className="mt-4 text-lg text-mist-300">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className={buttonStyles({ size: 'lg' })}
            onClick={() => window.location.reload()}
          >
            {errorCopy.reload}
          </button>
          {/* A plain link: after a crash, a full page load is the surest way back. */}
          <a href={paths.home.path} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            {errorCopy.home}
          </a>
        </div>
      </div>
    </div>
  );
}

/**
 * The router's errorElement. Inside the layout it replaces only the page; at the root (when
 * the layout itself failed) it draws its own landmark. A failed chunk after a deploy lands
 * here too, and the reload button fetches the new one. `body` replaces the explanation where
 * the spec has its own (e.g. /community-partnerships: 'This page failed to load.').
 */
export function RouteErrorBoundary({
  standalone = false,
  body = errorCopy.body,
}: {
  standalone?: boolean;
  body?: string;
}) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(
    notFound ? pageTitle(notFoundCopy.title) : `${errorCopy.heading} · ${BRAND_NAME}`,
  );

  const content = notFound ? <NotFoundContent /> : <ErrorMessage body={body} />;
  if (!standalone) return content;
  return <main className="flex min-h-svh flex-col bg-ink-950 text-mist-100">{content}</main>;
}
