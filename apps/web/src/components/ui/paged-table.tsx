import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { LoadMore } from '@/components/ui/load-more';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Table } from '@/components/ui/table';
import { ruledHeadClass } from '@/components/ui/table-styles';
import { cn } from '@/utils/cn';

/** What a PagedTable says: while loading, on a failure, with no rows, and around its pages. */
export type PagedTableText = {
  loading: string;
  failed: string;
  empty: string;
  /** The failure's retry button. */
  retry: string;
  /** The 'Load more' button's words, naming the list where a page has several. */
  more: string;
  /** Said when a next page could not be loaded (the rows so far stay). */
  moreFailed: string;
};

/**
 * A list read a page at a time, in its honest states: loading, failed (with a retry), empty,
 * or the table (dense; stacked rows on a phone; from tablet width up scrolling sideways where
 * narrower than `minWidth`, in a region the keyboard can focus to scroll it) with 'Load more' while the server has more (a list read whole is one page).
 */
export function PagedTable({
  query,
  rowCount,
  caption,
  columns,
  text,
  minWidth,
  children,
}: {
  query: UseInfiniteQueryResult | UseQueryResult;
  rowCount: number;
  caption: string;
  columns: readonly string[];
  text: PagedTableText;
  /** The table's least width (a Tailwind class); narrower screens scroll it. */
  minWidth: string;
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
          retryLabel={text.retry}
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
          <Table
            caption={caption}
            columns={columns}
            gutter
            stacked
            className={cn('text-sm', minWidth)}
            headClassName={ruledHeadClass}
          >
            {children}
          </Table>
        </div>
      ) : null}
      {'fetchNextPage' in query ? (
        <LoadMore query={query} label={text.more} failed={text.moreFailed} />
      ) : null}
    </>
  );
}
