import type { ReactNode, Ref } from 'react';
import { buttonStyles, type ButtonVariant } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/form';

/**
 * What a confirmation costs, as a list of terms: what is bought, the credits now and the
 * cost, and last, stressed, what remains.
 */
export function CostSummary({
  rows,
  total,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  total: readonly [string, ReactNode];
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-2xl border border-white/10 bg-ink-950/50 p-4 text-sm">
      {rows.map(([term, value]) => (
        <Row key={term} term={term} value={value} />
      ))}
      <Row term={total[0]} value={total[1]} stressed />
    </dl>
  );
}

function Row({ term, value, stressed }: { term: string; value: ReactNode; stressed?: boolean }) {
  const rule = stressed ? 'border-t border-white/10 pt-2' : '';
  return (
    <>
      <dt className={`${rule} ${stressed ? 'text-mist-100' : 'text-mist-300'}`}>{term}</dt>
      <dd
        className={`${rule} text-right tabular-nums ${stressed ? 'font-bold text-accent-300' : 'font-semibold text-white'}`}
      >
        {value}
      </dd>
    </>
  );
}

/**
 * The confirm button (a spinner and aria-busy while the request is on its way) and its way
 * back; both wait while it is. Stacked on phones with the confirm button on top. Without
 * `onConfirm` the confirm button submits the form it is in; `variant` 'danger' marks a step
 * that cannot be undone.
 */
export function ConfirmActions({
  confirmLabel,
  backLabel,
  pending,
  onConfirm,
  onBack,
  confirmRef,
  variant = 'primary',
}: {
  confirmLabel: string;
  backLabel: string;
  pending: boolean;
  onConfirm?: () => void;
  onBack: () => void;
  confirmRef?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row-reverse">
      <button
        ref={confirmRef}
        type={onConfirm ? 'button' : 'submit'}
        disabled={pending}
        aria-busy={pending}
        className={buttonStyles({ variant, size: 'lg', className: 'w-full sm:w-auto' })}
        onClick={onConfirm}
      >
        {pending ? <Spinner /> : null}
        {confirmLabel}
      </button>
      <button
        type="button"
        disabled={pending}
        className={buttonStyles({
          variant: 'secondary',
          size: 'lg',
          className: 'w-full sm:w-auto',
        })}
        onClick={onBack}
      >
        {backLabel}
      </button>
    </div>
  );
}
