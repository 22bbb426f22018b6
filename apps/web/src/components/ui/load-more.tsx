import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/form';
import { cn } from '@/utils/cn';

/** What LoadMore reads of an infinite query (React Query's useInfiniteQuery result). */
type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * 'Load more' under a list read a page at a time, while the server has more: busy while the
 * next page is on its way, and an alert when it could not be loaded (the list stays).
 */
export function LoadMore({
  query,
  label,
  failed,
  className,
}: {
  query: PagedQuery;
  label: string;
  failed: string;
  className?: string;
}) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-sm text-red-300">
          {failed}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className={buttonStyles({ variant: 'secondary', className: cn('mt-4', className) })}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? <Spinner /> : null}
          {label}
        </button>
      ) : null}
    </>
  );
}
