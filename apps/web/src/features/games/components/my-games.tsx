import type { UserEvent } from '@questfield/contract';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useUserEvents } from '../api/check-user-event';
import { useClock } from '../clock';
import { gamesCopy } from '../copy';
import { preloadCancelSeatDialog, useSeatCancellation } from '../hooks/use-seat-cancellation';
import { AddToCalendar } from './add-to-calendar';
import { endOf, phaseOf, startOf } from '../schedule';
import { CountdownTimer } from './countdown-timer';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/form';
import { CompassIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { bookSessionLink, paths } from '@/config/paths';
import { useClockText } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

const MINUTE = 60_000;

/**
 * The player's live and upcoming games on /dashboard, headed 'My Sessions' (the header
 * countdown's query), each with its start and access code to share; the next one counts down, or
 * offers Go to Game while it is live. A game to come can be given back ('Cancel seat', after a
 * confirmation) until the server's cut-off before its start, which the list carries; past it the
 * button is off and says why. With none, a line and a link to book one on /.
 */
export function MyGames({ userId }: { userId: string }) {
  const events = useUserEvents(userId);
  const games = events.data ?? [];
  const listRef = useRef<HTMLDivElement>(null);
  // The row goes with its seat: the focus then goes to the list.
  const cancellation = useSeatCancellation(() => listRef.current?.focus());
  const ask: AskCancel = (game, label, event) =>
    cancellation.ask(
      {
        registrationId: game.registrationId,
        title: gamesCopy.cancelTitle,
        description: gamesCopy.cancelDescription(label),
        given: (refunded, balance) => gamesCopy.seatCancelled(label, refunded, balance),
      },
      event,
    );
  // Which games have not ended, as a string, so the panel renders again only when one ends.
  const open = useClock((now) => games.map((game) => (endOf(game) > now ? '1' : '0')).join(''));
  const shown = games.filter((_, index) => open[index] === '1');

  return (
    <>
      <Panel heading={gamesCopy.myGamesHeading}>
        {events.isPending ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-mist-300">
            <Spinner />
            {gamesCopy.gamesLoading}
          </p>
        ) : null}
        {events.isError && !events.data ? (
          <RetryAlert
            message={gamesCopy.gamesError}
            retryLabel={gamesCopy.retry}
            retrying={events.isFetching}
            onRetry={() => void events.refetch()}
            className="mt-4"
          />
        ) : null}
        <div ref={listRef} tabIndex={-1} className="outline-none">
          {events.isSuccess && shown.length === 0 ? (
            <EmptyState icon={<CompassIcon />} className="mt-4">
              {gamesCopy.gamesEmpty}{' '}
              <Link to={bookSessionLink} className="font-semibold text-accent-300 underline">
                {gamesCopy.bookGame}
              </Link>
            </EmptyState>
          ) : null}
          {shown.length > 0 ? (
            <ul className="mt-4 space-y-3">
              {shown.map((game, index) => (
                <GameRow
                  key={`${game.event_id}@${game.EventTime}`}
                  game={game}
                  next={index === 0}
                  onCancel={ask}
                />
              ))}
            </ul>
          ) : null}
        </div>
        {cancellation.dialog}
      </Panel>
      {cancellation.notice}
    </>
  );
}

type AskCancel = (game: UserEvent, label: string, event: MouseEvent<HTMLButtonElement>) => void;

function GameRow({
  game,
  next,
  onCancel,
}: {
  game: UserEvent;
  next: boolean;
  onCancel: AskCancel;
}) {
  const start = startOf(game);
  const phase = useClock((now) => phaseOf(start, now));
  // The start on the venue's clock (and the player's beside it), naming the game in labels.
  const label = useClockText()(game.EventTime, 'short');

  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border px-4 py-3',
        next ? 'border-accent-400/25 bg-accent-400/5' : 'border-white/10 bg-white/[0.02]',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-white">
          <ClockTime at={game.EventTime} date="short" />
        </p>
        <p className="text-sm text-mist-300">{game.EventName}</p>
      </div>
      <AccessCode code={game.accessCode} />
      {next && phase === 'upcoming' ? (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-mist-100">
          <CountdownTimer target={start} label={gamesCopy.startsIn} />
        </p>
      ) : null}
      {phase === 'upcoming' ? (
        <>
          <AddToCalendar game={game} start={start} label={label} />
          <CancelSeat game={game} start={start} label={label} onCancel={onCancel} />
        </>
      ) : null}
      {phase === 'live' ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-semibold text-emerald-300">{gamesCopy.liveNow}</span>
          <Link to={paths.game.path} className={buttonStyles({ size: 'sm' })}>
            {gamesCopy.goToGame}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/**
 * 'Cancel seat' until the cut-off the server sent (by this browser's clock; the server's own
 * decides); past it the button is off, and the server's rule is written beside it.
 */
function CancelSeat({
  game,
  start,
  label,
  onCancel,
}: {
  game: UserEvent;
  start: number;
  label: string;
  onCancel: AskCancel;
}) {
  const cutoff = start - game.cancelCutoffMinutes * MINUTE;
  const open = useClock((now) => now < cutoff);
  const reasonId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <button
        type="button"
        disabled={!open}
        aria-label={gamesCopy.cancelSeatLabel(label)}
        aria-describedby={open ? undefined : reasonId}
        className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'h-8 px-3' })}
        onPointerEnter={preloadCancelSeatDialog}
        onFocus={preloadCancelSeatDialog}
        onClick={(event) => onCancel(game, label, event)}
      >
        {gamesCopy.cancelSeat}
      </button>
      {open ? null : (
        <span id={reasonId} className="text-xs text-mist-300">
          {gamesCopy.cancelClosed(game.cancelCutoffMinutes)}
        </span>
      )}
    </div>
  );
}

/** The code to share with friends, and a button that copies it. */
function AccessCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a denied permission): the code is on screen to copy.
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span className="text-sm text-mist-300">{gamesCopy.accessCode}</span>
      <code className="font-mono text-sm font-semibold tracking-wider text-white">{code}</code>
      <button
        type="button"
        aria-label={gamesCopy.copyCode(code)}
        className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'h-8 px-3' })}
        onClick={() => void copy()}
      >
        {gamesCopy.copy}
      </button>
      <span role="status" className="text-xs text-emerald-300">
        {copied ? gamesCopy.copied : ''}
      </span>
    </div>
  );
}
