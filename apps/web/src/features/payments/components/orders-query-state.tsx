import { RetryAlert } from '@/components/ui/retry-alert';
import { paymentsCopy } from '@/features/payments/copy';

/** Rows that hold the place of the list while Orders/List answers. */
export function OrdersSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="mt-4 space-y-3">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="space-y-2 rounded-xl border border-white/5 p-4">
          <div className="h-4 w-40 animate-pulse rounded bg-white/10" />
          <div className="h-3 w-24 animate-pulse rounded bg-white/5" />
        </div>
      ))}
    </div>
  );
}

/** Orders/List failed: say so, and offer to ask again. */
export function OrdersError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <RetryAlert
      message={paymentsCopy.ordersError}
      retryLabel={paymentsCopy.retry}
      retrying={retrying}
      onRetry={onRetry}
      className="mt-4"
    />
  );
}
