import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { consoleCopy } from '../copy';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { cn } from '@/utils/cn';

/**
 * A console list read a page at a time, in its honest states: loading, failed (with a retry),
 * empty, or the table (scrolling sideways on a narrow screen, in a region the keyboard can
 * focus to scroll it) with 'Load more' while the server has more (a list read whole, like a
 * venue day, is one page).
 */
export function PagedTable({
  query,
  rowCount,
  caption,
  columns,
  text,
  minWidth,
  more = consoleCopy.loadMore,
  children,
}: {
  query: UseInfiniteQueryResult | UseQueryResult;
  rowCount: number;
  caption: string;
  columns: readonly string[];
  text: { loading: string; failed: string; empty: string };
  /** The table's least width (a Tailwind class); narrower screens scroll it. */
  minWidth: string;
  /** The 'Load more' button's words, naming the list where a page has several. */
  more?: string;
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <>
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <p role="status" className="mt-6 text-mist-300">
          {text.loading}
        </p>
      ) : null}
      {query.isError && rowCount === 0 ? (
        <RetryAlert
          message={text.failed}
          retryLabel={consoleCopy.retry}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          className="mt-6"
        />
      ) : null}
      {query.isSuccess && rowCount === 0 ? (
        <EmptyState icon={<CompassIcon />} className="mt-6">
          {text.empty}
        </EmptyState>
      ) : null}
      {rowCount > 0 ? (
        <div role="region" aria-label={caption} tabIndex={0} className="mt-6 overflow-x-auto">
          <table className={cn('w-full text-left text-sm', minWidth)}>
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-white/10 text-xs tracking-wide text-mist-400 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10">{children}</tbody>
          </table>
        </div>
      ) : null}
      {'fetchNextPage' in query ? (
        <LoadMore query={query} label={more} failed={consoleCopy.loadMoreFailed} />
      ) : null}
    </>
  );
}
