import { CloseIcon } from '@/components/ui/icons';
import { cn } from '@/utils/cn';

/**
 * A confirmation after a dialog has closed (a purchase paid, an account deleted), as a polite
 * status at the foot of the screen that stays until dismissed. The live region is always in the
 * page, so the message is read when it arrives.
 */
export function StatusNotice({
  message,
  dismissLabel,
  onDismiss,
}: {
  message: string | null;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6">
      <div
        className={cn(
          'flex max-w-md items-start gap-3',
          message &&
            'pointer-events-auto rounded-2xl border border-emerald-400/40 bg-ink-850 py-3 pr-2 pl-5 text-sm text-emerald-100 shadow-2xl shadow-black/60',
        )}
      >
        <p role="status" className={cn(message && 'py-1.5')}>
          {message ?? ''}
        </p>
        {message ? (
          <button
            type="button"
            aria-label={dismissLabel}
            onClick={onDismiss}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white"
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
    </div>
  );
}
