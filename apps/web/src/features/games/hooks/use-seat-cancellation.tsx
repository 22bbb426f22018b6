import { useRef, useState, type MouseEvent } from 'react';
import { useCancelRegistrationMutation } from '../api/cancel-registration';
import { gamesCopy } from '../copy';
import { StatusNotice } from '@/components/ui/status-notice';
import { failureText } from '@/lib/api-client';
import { onDemand } from '@/lib/on-demand';

/** The confirm dialog (and Radix) loads as a Cancel seat button is pointed at or focused. */
const CancelSeatDialog = onDemand(() => import('../components/cancel-seat-dialog'));

export const preloadCancelSeatDialog = () => CancelSeatDialog.preload();

/**
 * A seat to give back through Events/CancelRegistration: the player's own (My Sessions) or an
 * open guest seat of a party they lead (its seat id; ADR 0065), with the dialog's words and the
 * notice once it is gone.
 */
export type SeatToGiveBack = {
  registrationId: string;
  title: string;
  description: string;
  given: (refunded: number, balance: number) => string;
};

/**
 * Giving a seat back after a confirmation: `ask` opens the dialog from a button, the seat is
 * cancelled on confirm, and the dialog closes on the answer; a refusal stays in the dialog.
 * The focus then goes back to the asking button, or, as its row left with the seat, to
 * `focusAfter`'s target. The notice says what came back, at the foot of the screen.
 */
export function useSeatCancellation(focusAfter: () => void) {
  const cancel = useCancelRegistrationMutation();
  const [cancelling, setCancelling] = useState<
    (SeatToGiveBack & { opener: HTMLElement | null }) | null
  >(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Whether the dialog closed on a seat given back (its row, and opener, are gone). */
  const givenBack = useRef(false);

  const ask = (seat: SeatToGiveBack, event: MouseEvent<HTMLButtonElement>) => {
    givenBack.current = false;
    setCancelError(null);
    setCancelling({ ...seat, opener: event.currentTarget });
    setDialogOpen(true);
  };
  const confirm = () => {
    if (!cancelling || cancel.isPending) return;
    setCancelError(null);
    cancel.mutate(
      { registrationId: cancelling.registrationId },
      {
        onSuccess: (answer) => {
          givenBack.current = true;
          setDialogOpen(false);
          setNotice(cancelling.given(answer.refunded, answer.credits));
        },
        onError: (failure) => setCancelError(failureText(failure, gamesCopy.cancelFailed)),
      },
    );
  };
  const closed = () => {
    const opener = cancelling?.opener;
    setCancelling(null);
    if (!givenBack.current && opener?.isConnected) opener.focus();
    else focusAfter();
  };

  return {
    ask,
    dialog: cancelling ? (
      <CancelSeatDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={cancelling.title}
        description={cancelling.description}
        pending={cancel.isPending}
        error={cancelError}
        onConfirm={confirm}
        onClosed={closed}
      />
    ) : null,
    // Fixed at the foot of the screen: announced after the dialog has closed.
    notice: (
      <StatusNotice
        message={notice}
        dismissLabel={gamesCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    ),
  };
}
