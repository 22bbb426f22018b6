import { GAME_COST_CREDITS, type AvailableTime, type ConsolePlayer } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useBookPlayerSeat } from '../api/book-player-seat';
import { useCancelPlayerSeat } from '../api/cancel-player-seat';
import { daySlotsQueryOptions } from '../api/get-day-slots';
import { commonCopy } from '../copy/common';
import { playerCopy } from '../copy/player';
import { useReauthRetry } from './reauth-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog';
import { BusyButton, FormError, inputClass, SubmitButton } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { useClockText, type ClockDate } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

/** A seat's start as words name it: on the venue's clock with its date, the viewer's beside it. */
const SEAT_DATE: ClockDate = 'short';

type SeatProps = { player: ConsolePlayer; onNotice: (message: string) => void };

/** Where the focus goes once a cancelled seat's row (and its button) has gone. */
const BOOK_SEAT_HEADING_ID = 'book-seat-heading';

/** The browser's today as YYYY-MM-DD (the picker's first day). */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** A slot's start in venue time, as the players' list names it ('Old Mill District|7:30 PM'). */
const venueTimeOf = (slot: AvailableTime) => slot.event_id.split('|').at(-1) ?? slot.EventTime;

/**
 * A seat booked for the player: a day, one of its open games (with the seats left), paid from
 * the player's balance on their own booking path, so the server's refusals are theirs (full,
 * too few credits, closed).
 */
export function BookSeatForm({ player, onNotice }: SeatProps) {
  const { id, username } = player.profile;
  const dayId = useId();
  const slotId = useId();
  const [day, setDay] = useState(today);
  const [startsAt, setStartsAt] = useState('');
  const [unchosen, setUnchosen] = useState(false);
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const slots = useQuery({ ...daySlotsQueryOptions(day), enabled: validDay });
  const book = useBookPlayerSeat(id);
  const submitRef = useRef<HTMLButtonElement>(null);
  const reauth = useReauthRetry(submitRef, playerCopy.seatReauthText);
  const chosen = slots.data?.find((slot) => slot.EventTime === startsAt);
  const clockText = useClockText();

  const submit = () => {
    if (book.isPending) return;
    if (chosen === undefined) {
      setUnchosen(true);
      return;
    }
    const time = clockText(chosen.EventTime, SEAT_DATE, venueTimeOf(chosen));
    reauth.send((onError) =>
      book.mutate(
        { playerId: id, startsAt: chosen.EventTime },
        {
          onSuccess: ({ balance, repeated }) => {
            onNotice(
              repeated
                ? playerCopy.seatHeld(username, time)
                : playerCopy.seatBooked(username, time, balance),
            );
            setStartsAt('');
          },
          onError,
        },
      ),
    );
  };

  return (
    <section aria-labelledby={BOOK_SEAT_HEADING_ID} className="mb-6">
      <h3 id={BOOK_SEAT_HEADING_ID} tabIndex={-1} className="text-base font-bold text-white">
        {playerCopy.bookSeatHeading}
      </h3>
      <p className="mt-1 text-sm text-mist-300">{playerCopy.bookSeatHint(GAME_COST_CREDITS)}</p>
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={dayId} className="text-sm font-semibold text-white">
            {playerCopy.bookDayLabel}
          </label>
          <input
            id={dayId}
            type="date"
            min={today()}
            className={cn(inputClass, 'w-44')}
            value={day}
            onChange={(event) => {
              setDay(event.target.value);
              setStartsAt('');
              book.reset();
            }}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={slotId} className="text-sm font-semibold text-white">
            {playerCopy.bookSlotLabel}
          </label>
          <select
            id={slotId}
            className={cn(inputClass, 'w-64')}
            value={startsAt}
            aria-invalid={unchosen && chosen === undefined}
            aria-describedby={`${slotId}-state`}
            disabled={!slots.isSuccess || slots.data.length === 0}
            onChange={(event) => {
              setStartsAt(event.target.value);
              setUnchosen(false);
              book.reset();
            }}
          >
            <option value="">{playerCopy.bookChooseSlot}</option>
            {(slots.data ?? []).map((slot) => (
              <option
                key={slot.EventTime}
                value={slot.EventTime}
                disabled={slot.SpotsAvailable === 0}
              >
                {playerCopy.bookSlotOption(
                  clockText(slot.EventTime, 'none', venueTimeOf(slot)),
                  slot.SpotsAvailable,
                  slot.Capacity,
                )}
              </option>
            ))}
          </select>
          <p id={`${slotId}-state`} className="text-sm text-mist-300" role="status">
            {slots.isPending && validDay
              ? playerCopy.bookSlotsLoading
              : slots.isError
                ? failureText(slots.error, playerCopy.bookSlotsFailed)
                : slots.data?.length === 0
                  ? playerCopy.bookSlotsEmpty
                  : unchosen && chosen === undefined
                    ? playerCopy.bookChooseSlot
                    : ''}
          </p>
        </div>
        <BusyButton
          ref={submitRef}
          type="submit"
          pending={book.isPending}
          className={buttonStyles({ size: 'md' })}
        >
          {playerCopy.bookSubmit}
        </BusyButton>
      </form>
      <FormError>
        {book.isError && !reauth.asking ? failureText(book.error, playerCopy.bookFailed) : null}
      </FormError>
      {reauth.dialog}
    </section>
  );
}

/** The seat a cancellation is for, and the button that asked (the focus goes back to it). */
export type CancelTarget = { startsAt: string; returnFocus: HTMLElement };

/** The row's 'Cancel seat', named with the game's time; it opens the dialog below. */
export function CancelSeatButton({
  startsAt,
  onCancel,
}: {
  startsAt: string;
  onCancel: (target: CancelTarget) => void;
}) {
  const clockText = useClockText();
  return (
    <button
      type="button"
      aria-label={playerCopy.cancelSeatNamed(clockText(startsAt, SEAT_DATE))}
      className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      onClick={(event) => onCancel({ startsAt, returnFocus: event.currentTarget })}
    >
      {playerCopy.cancelSeat}
    </button>
  );
}

/**
 * A seat to come given back with its credits, confirmed here. It lives beside the table, not in
 * the row, which goes once the seat is cancelled: the focus then moves to 'Book a seat'.
 */
export function CancelSeatDialog({
  player,
  target,
  onClose,
  onNotice,
}: SeatProps & { target: CancelTarget; onClose: () => void }) {
  const { id, username } = player.profile;
  const cancel = useCancelPlayerSeat(id);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const reauth = useReauthRetry(confirmRef, playerCopy.seatReauthText);
  const time = useClockText()(target.startsAt, SEAT_DATE);

  const confirm = () => {
    if (cancel.isPending) return;
    reauth.send((onError) =>
      cancel.mutate(
        { playerId: id, startsAt: target.startsAt },
        {
          onSuccess: ({ refunded, balance }) => {
            onNotice(playerCopy.seatCancelled(username, time, refunded, balance));
            onClose();
          },
          onError,
        },
      ),
    );
  };

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={playerCopy.cancelSeatTitle}
      description={playerCopy.cancelSeatDescription(username, time)}
      closeLabel={commonCopy.closeDialog}
      busy={cancel.isPending}
      onClosed={() => {
        const back = target.returnFocus.isConnected
          ? target.returnFocus
          : document.getElementById(BOOK_SEAT_HEADING_ID);
        back?.focus();
      }}
    >
      <form
        noValidate
        className="mt-5 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <FormError>
          {cancel.isError && !reauth.asking
            ? failureText(cancel.error, playerCopy.cancelSeatFailed)
            : null}
        </FormError>
        <SubmitButton ref={confirmRef} pending={cancel.isPending}>
          {playerCopy.cancelSeatConfirm}
        </SubmitButton>
      </form>
      {reauth.dialog}
    </DialogShell>
  );
}
