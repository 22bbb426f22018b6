import type { AvailableTime, ClosedSlot } from '@questfield/contract';
import { forwardRef } from 'react';
import { useAvailableTimes } from '../api/get-available-times';
import { useDayStatus } from '../api/get-day-status';
import { isFull, venueTime } from '../booking';
import { bookingsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { FormError, Spinner } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { cn } from '@/utils/cn';

/**
 * The slots of the chosen day (spec §4), earliest first: each a button with its start in venue
 * time and the seats left ('12/25 left'). A full slot says so ('Full: waitlist'), in its name
 * too, and choosing it moves on to its waitlist (ADR 0034); a day with no slot left says so,
 * or, when an operator blocked it, 'Closed: <reason>' (Events/DayStatus, asked once the slots
 * are in; the reason is text, never markup; should that ask fail, the spec's message stays).
 * A slot an operator closed on its own with a reason stays in its place, not a button, as
 * 'Closed: <reason>'.
 * Choosing a slot moves on to the confirmation. The seats left change live while the list is
 * shown: the modal keeps the day's seats live (useLiveSeats) and says how often to ask instead.
 */
export const SlotList = forwardRef<
  HTMLUListElement,
  {
    date: string;
    /** How often to ask for the day: never while its seats are live (useLiveSeats). */
    refetchEvery: number | false;
    onChoose: (slot: AvailableTime) => void;
  }
>(function SlotList({ date, refetchEvery, onChoose }, ref) {
  const times = useAvailableTimes(date, refetchEvery);
  const closure = useDayStatus(date, times.isSuccess);
  const closedSlots = closure.data?.slots ?? [];
  const legendId = `slots-${date}`;
  const loading = (
    <p role="status" className="flex items-center gap-2 text-sm text-mist-300">
      <Spinner />
      {bookingsCopy.slotsLoading}
    </p>
  );

  if (times.isPending) return loading;
  if (times.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError>{failureText(times.error, bookingsCopy.slotsFailed)}</FormError>
        <button
          type="button"
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          onClick={() => void times.refetch()}
        >
          {bookingsCopy.retry}
        </button>
      </div>
    );
  }

  return (
    <div>
      <h3 id={legendId} className="text-sm font-semibold text-mist-100">
        {bookingsCopy.slotsLegend}
      </h3>
      {times.data.length === 0 && closedSlots.length === 0 ? (
        closure.isPending ? (
          <div className="mt-2">{loading}</div>
        ) : (
          <p role="status" className="mt-2 rounded-xl bg-white/5 px-4 py-3 text-sm text-mist-100">
            {typeof closure.data?.closed === 'string'
              ? bookingsCopy.dayClosed(closure.data.closed)
              : bookingsCopy.slotsEmpty}
          </p>
        )
      ) : (
        <ul
          ref={ref}
          aria-labelledby={legendId}
          className="mt-2 grid max-h-72 grid-cols-1 gap-2 overflow-y-auto p-1 min-[400px]:grid-cols-2"
        >
          {inOrder(times.data, closedSlots).map((slot) => {
            if ('reason' in slot) return <ClosedSlotItem key={slot.EventTime} slot={slot} />;
            const full = isFull(slot);
            return (
              <li key={slot.EventTime}>
                <button
                  type="button"
                  onClick={() => onChoose(slot)}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-xl border px-3 py-3 text-left transition-colors sm:px-4',
                    full
                      ? 'border-white/10 bg-white/5 text-mist-300 hover:border-white/30'
                      : 'border-white/15 bg-ink-950/60 text-white hover:border-accent-400 hover:bg-accent-400/10',
                  )}
                >
                  <span className="flex items-center gap-2 whitespace-nowrap">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'size-3 rounded-full border-2',
                        full ? 'border-mist-400' : 'border-accent-300',
                      )}
                    />
                    <ClockTime
                      at={slot.EventTime}
                      pending={venueTime(slot)}
                      stacked
                      className="font-semibold tabular-nums"
                    />
                    <span className="sr-only"> {bookingsCopy.venueTime}, </span>
                  </span>
                  <span className="text-sm whitespace-nowrap tabular-nums">
                    {full
                      ? bookingsCopy.fullJoinWaitlist
                      : bookingsCopy.spotsLeft(slot.SpotsAvailable, slot.Capacity)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});

/** The day's open slots and its slots closed with a reason, earliest first. */
const inOrder = (open: AvailableTime[], closed: ClosedSlot[]) =>
  [...open, ...closed].sort((a, b) => Date.parse(a.EventTime) - Date.parse(b.EventTime));

/** A slot an operator closed with a reason: its start and 'Closed: <reason>', not a button. */
function ClosedSlotItem({ slot }: { slot: ClosedSlot }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 px-3 py-3 text-mist-300 min-[400px]:col-span-2 sm:px-4">
      <span className="flex items-center gap-2 whitespace-nowrap">
        <span aria-hidden="true" className="size-3 rounded-full border-2 border-mist-400" />
        <span className="font-semibold tabular-nums">{venueTime(slot)}</span>
        <span className="sr-only"> {bookingsCopy.venueTime}, </span>
      </span>
      <span className="min-w-0 text-right text-sm break-words">
        {bookingsCopy.dayClosed(slot.reason)}
      </span>
    </li>
  );
}
