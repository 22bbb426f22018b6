import type { CreditPosting } from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { creditHistoryQueryOptions } from '../api/get-credit-history';
import { creditsCopy } from '../copy';
import { ClockTime } from '@/components/ui/clock-time';
import { EmptyState } from '@/components/ui/empty-state';
import { CoinIcon } from '@/components/ui/icons';
import { LoadMore } from '@/components/ui/load-more';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { cn } from '@/utils/cn';

/** '+16' or '−2' (a real minus sign). */
function signed(delta: number): string {
  return delta >= 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}

function Posting({ posting }: { posting: CreditPosting }) {
  return (
    <li className="flex items-center justify-between gap-4 py-4">
      <div className="min-w-0">
        <p className="font-semibold text-white">{creditsCopy.reasons[posting.reason]}</p>
        <p className="text-sm text-mist-400">
          <ClockTime at={posting.at} date="short" />
          {posting.orderNumber === null ? null : (
            <span className="break-all"> · {creditsCopy.order(posting.orderNumber)}</span>
          )}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={cn(
            'font-bold tabular-nums',
            posting.delta >= 0 ? 'text-emerald-300' : 'text-red-300',
          )}
        >
          {signed(posting.delta)}
        </p>
        <p className="text-sm text-mist-400 tabular-nums">
          {creditsCopy.balanceAfter(posting.balanceAfter)}
        </p>
      </div>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label={creditsCopy.loading} className="mt-2 divide-y divide-white/10">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center justify-between gap-4 py-4">
          <div className="space-y-2">
            <div className="h-4 w-36 animate-pulse rounded bg-white/10" />
            <div className="h-3 w-24 animate-pulse rounded bg-white/5" />
          </div>
          <div className="flex flex-col items-end space-y-2">
            <div className="h-4 w-10 animate-pulse rounded bg-white/10" />
            <div className="h-3 w-16 animate-pulse rounded bg-white/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The player's postings, newest first, with 'Load more' while the server has older ones. */
export function CreditHistory({ userId }: { userId: string }) {
  const history = useInfiniteQuery(creditHistoryQueryOptions(userId));
  const postings = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const retrying = history.isFetching && !history.isFetchingNextPage;

  return (
    <Panel heading={creditsCopy.historyHeading}>
      {history.isPending && !history.isError ? <HistorySkeleton /> : null}
      {history.isError && postings.length === 0 ? (
        <RetryAlert
          message={creditsCopy.historyError}
          retryLabel={creditsCopy.retry}
          retrying={retrying}
          onRetry={() => void history.refetch()}
          className="mt-4"
        />
      ) : null}
      {history.isSuccess && postings.length === 0 ? (
        <EmptyState icon={<CoinIcon />} className="mt-4">
          {creditsCopy.historyEmpty}
        </EmptyState>
      ) : null}
      {postings.length > 0 ? (
        <ul className="mt-2 divide-y divide-white/10">
          {postings.map((posting) => (
            <Posting key={posting.id} posting={posting} />
          ))}
        </ul>
      ) : null}
      <LoadMore
        query={history}
        label={creditsCopy.loadMore}
        failed={creditsCopy.loadMoreError}
        className="w-full sm:w-auto"
      />
    </Panel>
  );
}
