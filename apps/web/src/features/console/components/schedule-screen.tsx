import { DEFAULT_HOUR_CYCLE, venueTimeText } from '@questfield/contract';
import { addDays, format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useChangeSlot } from '../api/change-slot';
import { useLiveConsoleDay } from '../api/get-console-day';
import { tableText } from '../copy/common';
import { closureCopy, scheduleCopy } from '../copy/schedule';
import { useShortcuts } from '../hooks/use-shortcuts';
import { CapacityDialog } from './capacity-dialog';
import { ClosureDialog, type ClosureChoice } from './closure-dialog';
import { MessageDialog } from './message-dialog';
import { SlotRow } from './slot-row';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { StatusNotice } from '@/components/ui/status-notice';
import { useClockText } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

const dayTitle = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });

/** The day `by` days from `day` (both 'yyyy-MM-dd'): calendar days, whatever the clocks do. */
const dayFrom = (day: string, by: number) => format(addDays(parseISO(day), by), 'yyyy-MM-dd');

/** The day picker, the days either side of the one shown, and back to today. */
function DayControls({
  shown,
  atToday,
  onPick,
}: {
  /** The day shown ('' while the first answer loads). */
  shown: string;
  /** Whether the venue's today is the day shown by default (no day in the address). */
  atToday: boolean;
  /** Shows that day ('' for the venue's today). */
  onPick: (day: string) => void;
}) {
  const step = buttonStyles({ variant: 'secondary' });
  // The keyboard's day steps (the console's shortcuts, ConsoleShortcuts lists them).
  useShortcuts({
    '[': shown === '' ? undefined : () => onPick(dayFrom(shown, -1)),
    ']': shown === '' ? undefined : () => onPick(dayFrom(shown, 1)),
  });
  return (
    <div className="mt-5 flex flex-wrap items-end gap-3">
      <button
        type="button"
        className={step}
        disabled={shown === ''}
        onClick={() => onPick(dayFrom(shown, -1))}
      >
        {scheduleCopy.previousDay}
      </button>
      <label className="block">
        <span className="mb-1.5 block text-sm font-semibold text-mist-100">
          {scheduleCopy.dayLabel}
        </span>
        <input
          type="date"
          className={cn(inputClass, 'w-48')}
          value={shown}
          min="2000-01-01"
          max="2999-12-31"
          onChange={(event) => onPick(event.target.value)}
        />
      </label>
      <button
        type="button"
        className={step}
        disabled={shown === ''}
        onClick={() => onPick(dayFrom(shown, 1))}
      >
        {scheduleCopy.nextDay}
      </button>
      <button type="button" className={step} disabled={atToday} onClick={() => onPick('')}>
        {scheduleCopy.today}
      </button>
    </div>
  );
}

/** A slot's closure: its players' seats cancelled and refunded, or kept for them to be told. */
function SlotClosure({
  day,
  time,
  start,
  onClose,
  onChanged,
}: {
  day: string;
  time: string;
  /** The start as the table shows it. */
  start: string;
  onClose: () => void;
  onChanged: (notice: string) => void;
}) {
  const change = useChangeSlot();
  const close = async ({ cancelSeats, reason }: ClosureChoice) => {
    const { slot, closure } = await change.mutateAsync({
      command: 'slots close',
      date: day,
      time,
      ...(reason === '' ? {} : { reason }),
      ...(cancelSeats ? { cancelSeats } : {}),
    });
    const closed = scheduleCopy.closedNotice(start);
    const text = closure
      ? `${closed} ${closureCopy.cancelled(closure)}`
      : `${closed}${scheduleCopy.keptNotice(slot.booked)}`;
    onChanged(text);
    return text;
  };
  return (
    <ClosureDialog
      title={scheduleCopy.closeTitle(start)}
      description={scheduleCopy.closeDescription}
      day={day}
      time={time}
      confirmLabel={scheduleCopy.closeConfirm}
      close={close}
      onClose={onClose}
    />
  );
}

/**
 * A venue day (today unless the address names one): each slot's seats, state and players,
 * kept live; staff close, reopen and resize slots and see an access code on request.
 */
export function ScheduleScreen() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('day') ?? undefined;
  const day = useLiveConsoleDay(chosen);
  const [notice, setNotice] = useState<string | null>(null);
  const [resizing, setResizing] = useState<string | null>(null);
  const [closing, setClosing] = useState<string | null>(null);
  const [messaging, setMessaging] = useState<string | null>(null);
  const slots = day.data?.slots ?? [];
  // Each start on the venue's clock (the viewer's beside it); until its hour cycle is known, on
  // the day's zone and the usual cycle.
  const clockText = useClockText();
  const timeZone = day.data?.timeZone ?? 'UTC';
  const startOf = (startsAt: string) =>
    clockText(
      startsAt,
      'none',
      venueTimeText(startsAt, { timeZone, hourCycle: DEFAULT_HOUR_CYCLE }),
    );
  const resized = slots.find((slot) => slot.startsAt === resizing);
  const closed = slots.find((slot) => slot.startsAt === closing);
  const messaged = slots.find((slot) => slot.startsAt === messaging);
  const shownDay = day.data?.day ?? chosen ?? '';
  const taken = slots.reduce((sum, slot) => sum + slot.booked, 0);
  const capacity = slots.reduce((sum, slot) => sum + slot.capacity, 0);
  // An ended game is open to nobody, whatever its switch says.
  const open = slots.filter((slot) => slot.open && !slot.ended).length;
  const ended = slots.filter((slot) => slot.ended).length;
  const pick = (value: string) => setParams(value === '' ? {} : { day: value });

  return (
    <Panel heading={scheduleCopy.heading}>
      <p className="mt-2 text-mist-300">{scheduleCopy.intro(day.data?.timeZone ?? '…')}</p>
      <DayControls
        shown={shownDay}
        atToday={chosen === undefined || chosen === day.data?.today}
        onPick={pick}
      />
      {slots.length > 0 ? (
        <p className="mt-4 text-white tabular-nums">
          {scheduleCopy.summary(taken, capacity, open, slots.length, ended)}
        </p>
      ) : null}
      <PagedTable
        query={day}
        rowCount={slots.length}
        caption={scheduleCopy.caption(shownDay === '' ? '' : dayTitle.format(new Date(shownDay)))}
        columns={scheduleCopy.columns}
        text={tableText({
          loading: scheduleCopy.loading,
          failed: scheduleCopy.failed,
          empty: scheduleCopy.empty,
        })}
        minWidth="min-w-[38rem]"
      >
        {slots.map((slot) => (
          <SlotRow
            key={slot.startsAt}
            slot={slot}
            day={shownDay}
            start={startOf(slot.startsAt)}
            onChanged={setNotice}
            onResize={() => setResizing(slot.startsAt)}
            onAskClose={() => setClosing(slot.startsAt)}
            onMessage={() => setMessaging(slot.startsAt)}
          />
        ))}
      </PagedTable>
      {resized === undefined ? null : (
        <CapacityDialog
          slot={resized}
          day={shownDay}
          start={startOf(resized.startsAt)}
          onClose={() => setResizing(null)}
          onSaved={(capacity) =>
            setNotice(scheduleCopy.capacityNotice(startOf(resized.startsAt), capacity))
          }
        />
      )}
      {messaged === undefined ? null : (
        <MessageDialog
          day={shownDay}
          time={messaged.time}
          start={startOf(messaged.startsAt)}
          onClose={() => setMessaging(null)}
          onSent={setNotice}
        />
      )}
      {closed === undefined ? null : (
        <SlotClosure
          day={shownDay}
          time={closed.time}
          start={startOf(closed.startsAt)}
          onClose={() => setClosing(null)}
          onChanged={setNotice}
        />
      )}
      <StatusNotice
        message={notice}
        dismissLabel={scheduleCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </Panel>
  );
}
