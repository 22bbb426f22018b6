import type { ConsoleSlot } from '@questfield/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useChangeSlot } from '../api/change-slot';
import { useShowAccessCode } from '../api/show-access-code';
import { rosterCopy } from '../copy/roster';
import { messageCopy, scheduleCopy } from '../copy/schedule';
import { rosterPath } from './roster-page';
import { SeatSourceText } from './seat-source';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { FormError } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { useClockText, type ClockText } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

/** One slot of the venue day: start, seats, state, players, and what staff can do to it. */
export function SlotRow({
  slot,
  day,
  start,
  onChanged,
  onResize,
  onAskClose,
  onMessage,
}: {
  slot: ConsoleSlot;
  day: string;
  /** The start in words (labels, notices), on the venue clock. */
  start: string;
  /** Announces a change made here. */
  onChanged: (notice: string) => void;
  /** Asks for the capacity dialog for this slot. */
  onResize: () => void;
  /** Asks for the closure dialog for this slot (players on it to cancel or keep). */
  onAskClose: () => void;
  /** Asks for the dialog that mails this game's players a message. */
  onMessage: () => void;
}) {
  const clockText = useClockText();
  const change = useChangeSlot();
  const full = slot.booked >= slot.capacity;
  // Started and ended are the server's word (its clock), not this browser's.
  const live = slot.started && !slot.ended;
  const command = { date: day, time: slot.time };

  // A game not started with seats or a line asks what becomes of them; else one click.
  const asks = slot.open && !slot.started && (slot.booked > 0 || slot.waiting > 0);
  const toggle = () =>
    change.mutate(
      { ...command, command: slot.open ? 'slots close' : 'slots reopen' },
      {
        onSuccess: () =>
          onChanged((slot.open ? scheduleCopy.closedNotice : scheduleCopy.reopenedNotice)(start)),
      },
    );

  return (
    <tr className="align-top">
      <th scope="row" className="py-3 pr-4 font-semibold whitespace-nowrap text-white">
        <ClockTime at={slot.startsAt} pending={start} />
        {live ? (
          <span className="block text-xs font-normal text-accent-300">{scheduleCopy.live}</span>
        ) : null}
      </th>
      <td className="py-3 pr-4 whitespace-nowrap">
        <span className={cn('tabular-nums', full ? 'text-amber-200' : 'text-white')}>
          {scheduleCopy.seats(slot.booked, slot.capacity)}
        </span>
        <span aria-hidden="true" className="mt-1.5 block h-1.5 w-24 rounded-full bg-white/10">
          <span
            className="block h-full rounded-full bg-accent-400"
            style={{ width: `${Math.min(100, (slot.booked / slot.capacity) * 100)}%` }}
          />
        </span>
        {slot.waiting > 0 ? (
          <span className="mt-1 block text-xs text-amber-200 tabular-nums">
            {scheduleCopy.waiting(slot.waiting)}
          </span>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        <StateBadge slot={slot} />
      </td>
      <td className="py-3 pr-4">
        <Players slot={slot} clockText={clockText} />
      </td>
      <td className="py-3">
        <div className="flex flex-wrap gap-2">
          {/* An ended game takes no players: nothing to change (the server refuses too). */}
          {slot.ended ? null : (
            <>
              <button
                type="button"
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                aria-label={(slot.open ? scheduleCopy.close : scheduleCopy.reopen)(start)}
                disabled={change.isPending}
                aria-busy={change.isPending}
                onClick={asks ? onAskClose : toggle}
              >
                {slot.open ? scheduleCopy.closeShort : scheduleCopy.reopenShort}
              </button>
              <button
                type="button"
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                aria-label={scheduleCopy.capacityButton(start)}
                onClick={onResize}
              >
                {scheduleCopy.capacityShort}
              </button>
              {/* Someone to tell: booked on it, or waiting for a seat. */}
              {slot.booked > 0 || slot.waiting > 0 ? (
                <button
                  type="button"
                  className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                  aria-label={messageCopy.button(start)}
                  onClick={onMessage}
                >
                  {messageCopy.buttonShort}
                </button>
              ) : null}
            </>
          )}
          <AccessCode day={day} slot={slot} start={start} />
          <Link
            to={rosterPath(day, slot.time)}
            className={buttonStyles({ variant: 'ghost', size: 'sm' })}
            aria-label={rosterCopy.link(start)}
          >
            {rosterCopy.linkShort}
          </Link>
        </div>
        {change.isError ? (
          <div className="mt-2">
            <FormError>{failureText(change.error, scheduleCopy.changeFailed)}</FormError>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** Open (green) or closed; an ended game is neither, whatever its switch says. */
function StateBadge({ slot }: { slot: ConsoleSlot }) {
  const [label, look] = slot.ended
    ? [scheduleCopy.ended, 'bg-white/5 text-mist-400']
    : slot.open
      ? [scheduleCopy.open, 'bg-emerald-500/15 text-emerald-200']
      : [scheduleCopy.closed, 'bg-white/10 text-mist-300'];
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', look)}>
      {label}
    </span>
  );
}

function Players({ slot, clockText }: { slot: ConsoleSlot; clockText: ClockText }) {
  if (slot.players.length === 0)
    return <span className="text-mist-400">{scheduleCopy.noPlayers}</span>;
  return (
    <details>
      <summary className="cursor-pointer text-accent-300">
        {scheduleCopy.playerCount(slot.players.length)}
      </summary>
      <ul className="mt-2 space-y-1">
        {slot.players.map((player) => (
          <li key={player.id}>
            <span className="font-semibold text-white">{player.username}</span>{' '}
            <span className="text-xs text-mist-400">
              <SeatSourceText source={player.source} />{' '}
              {scheduleCopy.seatTakenAt(clockText(player.at, 'short'))}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The slot's access code, fetched (and audited) only when asked for, then shown in place. */
function AccessCode({ day, slot, start }: { day: string; slot: ConsoleSlot; start: string }) {
  const show = useShowAccessCode();
  const shownRef = useRef<HTMLOutputElement>(null);
  if (show.data) {
    return (
      <output
        ref={shownRef}
        tabIndex={-1}
        aria-label={scheduleCopy.codeShown(start)}
        className="inline-flex items-center rounded-lg border border-white/15 px-3 font-mono text-sm text-white"
      >
        {show.data.accessCode}
      </output>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonStyles({ variant: 'ghost', size: 'sm' })}
        aria-label={scheduleCopy.codeButton(start)}
        disabled={show.isPending}
        aria-busy={show.isPending}
        onClick={() =>
          show.mutate(
            { day, time: slot.time },
            // The button gives way to the code: the focus follows it there.
            { onSuccess: () => requestAnimationFrame(() => shownRef.current?.focus()) },
          )
        }
      >
        {scheduleCopy.codeShort}
      </button>
      {show.isError ? (
        <FormError>{failureText(show.error, scheduleCopy.codeFailed)}</FormError>
      ) : null}
    </>
  );
}
