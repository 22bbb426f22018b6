import { useEffect, useRef } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmActions } from '@/components/ui/confirm-step';
import { FormError, SubmitButton } from '@/components/ui/form';

/**
 * The foot of a console dialog's step: why its request failed, then its button, which waits
 * while the request is on its way. Alone it submits the step's form; with `back` it is a button
 * of its own (`back.onConfirm`) beside the way back to the step before.
 */
export function DialogFooter({
  error,
  pending,
  confirmLabel,
  back,
}: {
  error: string | null;
  pending: boolean;
  confirmLabel: string;
  back?: { label: string; onBack: () => void; onConfirm: () => void };
}) {
  return (
    <>
      <FormError>{error}</FormError>
      {back === undefined ? (
        <SubmitButton pending={pending}>{confirmLabel}</SubmitButton>
      ) : (
        <ConfirmActions
          confirmLabel={confirmLabel}
          backLabel={back.label}
          pending={pending}
          onConfirm={back.onConfirm}
          onBack={back.onBack}
        />
      )}
    </>
  );
}

/**
 * What a dialog's action did, in place of its steps, and the button that closes it. The text
 * takes the focus as it appears: the step it replaces had it, and is gone.
 */
export function DialogOutcome({
  text,
  doneLabel,
  onDone,
}: {
  text: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="mt-5 flex flex-col items-start gap-4">
      <p ref={ref} role="status" tabIndex={-1} className="text-white outline-none">
        {text}
      </p>
      <button type="button" className={buttonStyles({ variant: 'secondary' })} onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
