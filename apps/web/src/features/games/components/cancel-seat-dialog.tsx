import { useEffect, useRef } from 'react';
import { gamesCopy } from '../copy';
import { ConfirmActions } from '@/components/ui/confirm-step';
import { DialogShell } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form';

/**
 * 'Cancel this seat?' (or a party's open guest seat, ADR 0065): what giving the seat back
 * means, and a confirm button ('danger': it cannot be undone, though the game can be booked
 * again while seats are left).
 */
export default function CancelSeatDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  error,
  onConfirm,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What goes and what comes back, naming the game by its start as the row shows it. */
  description: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClosed: () => void;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The confirm button was disabled under the pointer: after a refusal it takes the focus back.
  useEffect(() => {
    if (!pending && error) confirmRef.current?.focus();
  }, [pending, error]);

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={gamesCopy.close}
      busy={pending}
      // The safe choice has the focus first: keeping the seat.
      initialFocus={() =>
        Array.from(contentRef.current?.querySelectorAll('button') ?? []).find(
          (button) => button.textContent === gamesCopy.keepSeat,
        )
      }
      contentRef={contentRef}
      onClosed={onClosed}
    >
      <div className="mt-5 flex flex-col gap-4 sm:mt-6">
        <FormError>{error}</FormError>
        <ConfirmActions
          confirmLabel={gamesCopy.confirmCancel}
          backLabel={gamesCopy.keepSeat}
          pending={pending}
          onConfirm={onConfirm}
          onBack={() => onOpenChange(false)}
          confirmRef={confirmRef}
          variant="danger"
        />
      </div>
    </DialogShell>
  );
}
