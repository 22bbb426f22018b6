import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/form';
import { cn } from '@/utils/cn';

/**
 * Something could not be loaded: say so, announced at once, and offer to ask again. Shown in
 * place of the content, so a failure never passes for an empty or sample list.
 */
export function RetryAlert({
  message,
  retryLabel,
  retrying,
  onRetry,
  className,
}: {
  message: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-4 rounded-xl border border-red-400/40 bg-red-500/10 px-4 py-3 text-sm text-red-200',
        className,
      )}
    >
      <p>{message}</p>
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        disabled={retrying}
        aria-busy={retrying}
        onClick={onRetry}
      >
        {retrying ? <Spinner /> : null}
        {retryLabel}
      </button>
    </div>
  );
}
