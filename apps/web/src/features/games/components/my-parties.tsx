import type { PartySeat, PartyView, UserEvent } from '@questfield/contract';
import { useId, useRef, type MouseEvent } from 'react';
import { useUserEvents } from '../api/check-user-event';
import { useMyParties } from '../api/get-my-parties';
import { useClock } from '../clock';
import { gamesCopy } from '../copy';
import { preloadCancelSeatDialog, useSeatCancellation } from '../hooks/use-seat-cancellation';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { InviteLink } from '@/components/ui/invite-link';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useClockText } from '@/lib/venue-clock';

const MINUTE = 60_000;

type AskCancel = (
  seat: PartySeat,
  number: number,
  when: string,
  event: MouseEvent<HTMLButtonElement>,
) => void;

/**
 * The player's parties on /dashboard (ADR 0065), shown only when there are any (or when they
 * could not be read): each game's start, its leader and every seat (the leader's, a guest's by
 * name, or open). Its leader sees each open seat's invite link (Copy, Share, its QR code) and
 * may cancel the seat, after a confirmation, until the cut-off: its credits come back, and the
 * list and the balance follow. A guest sees the party and which seat is theirs.
 */
export function MyParties({ userId }: { userId: string }) {
  const parties = useMyParties(userId);
  // The cut-off in force comes with the player's own seats (My Sessions' query).
  const games = useUserEvents(userId).data ?? [];
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The seat's row goes with it: the focus goes to the section's heading.
  const cancellation = useSeatCancellation(() => headingRef.current?.focus());
  const ask: AskCancel = (seat, number, when, event) =>
    cancellation.ask(
      {
        registrationId: seat.seatId,
        title: gamesCopy.cancelGuestTitle,
        description: gamesCopy.cancelGuestDescription(when),
        given: (refunded, balance) => gamesCopy.guestSeatCancelled(when, refunded, balance),
      },
      event,
    );

  const list = parties.data?.parties ?? [];
  if (!parties.isError && list.length === 0) return cancellation.notice;

  return (
    <>
      <Panel heading={gamesCopy.partiesHeading} headingRef={headingRef}>
        {parties.isError && !parties.data ? (
          <RetryAlert
            message={gamesCopy.partiesError}
            retryLabel={gamesCopy.retry}
            retrying={parties.isFetching}
            onRetry={() => void parties.refetch()}
            className="mt-4"
          />
        ) : null}
        <ul className="mt-4 space-y-3">
          {list.map((party) => (
            <Party
              key={party.partyId}
              party={party}
              game={games.find((game) => sameStart(game.EventTime, party.EventTime))}
              onCancel={ask}
            />
          ))}
        </ul>
        {cancellation.dialog}
      </Panel>
      {cancellation.notice}
    </>
  );
}

const sameStart = (a: string, b: string) => Date.parse(a) === Date.parse(b);

function Party({
  party,
  game,
  onCancel,
}: {
  party: PartyView;
  /** The player's own seat on the party's game, when they have one (its cut-off). */
  game: UserEvent | undefined;
  onCancel: AskCancel;
}) {
  const when = useClockText()(party.EventTime, 'short');
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-white/[0.02] px-4 py-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-white">
          <ClockTime at={party.EventTime} date="short" />
        </h3>
        <p className="text-sm text-mist-300">
          {party.leading ? gamesCopy.partyYouLead : gamesCopy.partyLedBy(party.leader)}
        </p>
      </div>
      <ol aria-label={gamesCopy.partySeats} className="flex flex-col gap-2">
        {party.seats.map((seat, index) => (
          <li
            key={seat.seatId}
            className="flex flex-col gap-3 rounded-lg border border-white/5 bg-ink-950/40 px-3 py-2"
          >
            {/* Text, not flex items: a long name wraps within the line, as words do. */}
            <p className="text-sm">
              <span className="text-mist-300">{gamesCopy.seatNumber(index + 1)}</span>{' '}
              <span className={seat.state === 'open' ? 'text-accent-300' : 'text-white'}>
                {seatText(seat)}
                {seat.you ? ` ${gamesCopy.seatYou}` : ''}
              </span>
            </p>
            {party.leading && seat.state === 'open' && seat.invite !== null ? (
              <>
                <InviteLink token={seat.invite} seat={gamesCopy.guestSeat(index + 1)} when={when} />
                <CancelGuestSeat
                  seat={seat}
                  number={index + 1}
                  when={when}
                  start={Date.parse(party.EventTime)}
                  cutoffMinutes={game?.cancelCutoffMinutes}
                  onCancel={onCancel}
                />
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </li>
  );
}

function seatText(seat: PartySeat): string {
  if (seat.state === 'leader') {
    return seat.username === null
      ? gamesCopy.seatLeader
      : `${gamesCopy.seatLeader} · ${seat.username}`;
  }
  if (seat.state === 'guest' && seat.username !== null)
    return gamesCopy.seatClaimedBy(seat.username);
  return gamesCopy.seatOpen;
}

/**
 * 'Cancel seat' on an open guest seat until the cut-off (when the player's own seat on the game
 * says which is in force; else the server alone decides); past it the button is off and the
 * server's rule is written beside it.
 */
function CancelGuestSeat({
  seat,
  number,
  when,
  start,
  cutoffMinutes,
  onCancel,
}: {
  seat: PartySeat;
  number: number;
  when: string;
  start: number;
  cutoffMinutes: number | undefined;
  onCancel: AskCancel;
}) {
  const open = useClock(
    (now) => cutoffMinutes === undefined || now < start - cutoffMinutes * MINUTE,
  );
  const reasonId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <button
        type="button"
        disabled={!open}
        aria-label={gamesCopy.cancelGuestSeatLabel(number, when)}
        aria-describedby={open ? undefined : reasonId}
        className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'h-8 px-3' })}
        onPointerEnter={preloadCancelSeatDialog}
        onFocus={preloadCancelSeatDialog}
        onClick={(event) => onCancel(seat, number, when, event)}
      >
        {gamesCopy.cancelSeat}
      </button>
      {open || cutoffMinutes === undefined ? null : (
        <span id={reasonId} className="text-xs text-mist-300">
          {gamesCopy.cancelClosed(cutoffMinutes)}
        </span>
      )}
    </div>
  );
}
