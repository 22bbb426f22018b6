import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { commonCopy } from '../copy/common';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmActions } from '@/components/ui/confirm-step';
import { FormError } from '@/components/ui/form';
import { cn } from '@/utils/cn';

/**
 * The state of an action confirmed in place: `open` shows the confirmation with the focus on
 * its confirm button, `close` (after `onClose`, e.g. a mutation's reset) goes back to the start
 * button with the focus on it. The focus moves as the step commits, not a frame later: a frame
 * could come after the action's answer had moved the focus on, and pull it back.
 */
export function useConfirmInPlace(onClose?: () => void) {
  const [confirming, setConfirming] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  /** Set by `open` and `close`: the next commit moves the focus (the first render does not). */
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (confirming ? confirmRef : startRef).current?.focus();
  }, [confirming]);
  return {
    confirming,
    startRef,
    confirmRef,
    open() {
      moveFocus.current = true;
      setConfirming(true);
    },
    close() {
      onClose?.();
      moveFocus.current = true;
      setConfirming(false);
    },
  };
}

/**
 * An action that cannot be undone, under its heading: a start button, then in its place what
 * the action does (`children`), its failure and the confirm button with 'Cancel'. `after` is
 * rendered with it (a dialog the action opens).
 */
export function ConfirmInPlace({
  step,
  heading,
  level = 3,
  className,
  startLabel,
  confirmLabel,
  pending,
  error,
  onConfirm,
  children,
  after,
}: {
  step: ReturnType<typeof useConfirmInPlace>;
  heading: string;
  level?: 3 | 4;
  className: string;
  startLabel: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  const headingId = useId();
  const { confirming, startRef, confirmRef, open, close } = step;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading
        id={headingId}
        className={cn('font-bold text-white', level === 3 ? 'text-base' : 'text-sm')}
      >
        {heading}
      </Heading>
      {confirming ? (
        <div className="mt-3 flex flex-col gap-4 text-sm text-mist-100">
          {children}
          <FormError>{error}</FormError>
          <ConfirmActions
            confirmLabel={confirmLabel}
            backLabel={commonCopy.cancel}
            pending={pending}
            variant="danger"
            confirmRef={confirmRef}
            onConfirm={onConfirm}
            onBack={close}
          />
        </div>
      ) : (
        <button
          ref={startRef}
          type="button"
          className={buttonStyles({ variant: 'secondary', className: 'mt-3' })}
          onClick={open}
        >
          {startLabel}
        </button>
      )}
      {after}
    </section>
  );
}
