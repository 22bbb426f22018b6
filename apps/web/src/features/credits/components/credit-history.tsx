import type { CreditPosting } from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { creditHistoryQueryOptions } from '../api/get-credit-history';
import { creditsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/form';
import { CoinIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { cn } from '@/utils/cn';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Posting({ posting }: { posting: CreditPosting }) {
  const credit = posting.delta > 0;
  return (
    <li className="flex items-center justify-between gap-4 py-4">
      <div className="min-w-0">
        <p className="font-semibold text-white">{creditsCopy.reasons[posting.reason]}</p>
        <p className="text-sm text-mist-400">
          <time dateTime={posting.at}>{when.format(new Date(posting.at))}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('font-bold tabular-nums', credit ? 'text-emerald-300' : 'text-red-300')}>
          {credit ? `+${posting.delta}` : `−${Math.abs(posting.delta)}`}
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
    <div role="status" aria-label={creditsCopy.loading} className="space-y-3 py-4">
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-12 animate-pulse rounded-xl bg-white/5" />
      ))}
    </div>
  );
}

/** The player's postings, newest first, with 'Load more' while the server has older ones. */
export function CreditHistory({ userId }: { userId: string }) {
  const history = useInfiniteQuery(creditHistoryQueryOptions(userId));
  const postings = history.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Panel heading={creditsCopy.historyHeading}>
      {history.isPending ? <HistorySkeleton /> : null}
      {history.isError && postings.length === 0 ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-4 text-red-200">
          <p>{creditsCopy.historyError}</p>
          <button
            type="button"
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            onClick={() => void history.refetch()}
          >
            {creditsCopy.retry}
          </button>
        </div>
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
      {history.hasNextPage ? (
        <button
          type="button"
          className={buttonStyles({ variant: 'secondary', className: 'mt-4 w-full sm:w-auto' })}
          disabled={history.isFetchingNextPage}
          aria-busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? <Spinner /> : null}
          {creditsCopy.loadMore}
        </button>
      ) : null}
    </Panel>
  );
}
