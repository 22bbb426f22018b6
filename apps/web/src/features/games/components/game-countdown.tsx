import { MESSAGES, type UserEvent } from '@questfield/contract';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useUserEvents } from '../api/check-user-event';
import { useClock } from '../clock';
import { countdownCopy } from '../countdown-copy';
import { nextGame, phaseOf, startOf } from '../schedule';
import { CountdownTimer } from './countdown-timer';
import { useMobileMenu } from '@/components/layout/mobile-menu-context';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

type Variant = 'banner' | 'menu';

/**
 * The countdown to the player's next game (spec §2, §4), from Events/CheckUserEventWithinTimespan
 * (signed-in players only): 'Experience starts in' and an hh:mm:ss timer before the start, 'Go
 * to Game' from the start until 30 minutes after it, nothing when there is no game or the check
 * failed. The banner (a strip above the header's bar) goes to /game as the countdown reaches
 * zero; the menu variant ('Experience starts in:') only shows it.
 */
export function GameCountdown({ userId, variant }: { userId: string; variant: Variant }) {
  const { data } = useUserEvents(userId);
  // The selected game object only changes when another game becomes the next one.
  const game = useClock((now) => nextGame(data, now));
  if (!game) return null;
  return (
    <GameCountdownFor key={`${game.event_id}@${game.EventTime}`} game={game} variant={variant} />
  );
}

function GameCountdownFor({ game, variant }: { game: UserEvent; variant: Variant }) {
  const start = startOf(game);
  const phase = useClock((now) => phaseOf(start, now));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { closeMenuThen } = useMobileMenu();
  const previous = useRef(phase);

  useEffect(() => {
    const was = previous.current;
    previous.current = phase;
    if (
      variant === 'banner' &&
      was === 'upcoming' &&
      phase === 'live' &&
      pathname !== paths.game.path
    ) {
      void navigate(paths.game.path);
    }
  }, [phase, variant, pathname, navigate]);

  if (phase === 'over') return null;

  const content =
    phase === 'upcoming' ? (
      <p
        className={cn(
          'flex flex-wrap items-center gap-x-2',
          variant === 'banner' ? 'justify-center' : null,
        )}
      >
        <CountdownTimer
          target={start}
          label={
            variant === 'menu' ? `${MESSAGES.experienceStartsIn}:` : MESSAGES.experienceStartsIn
          }
        />
      </p>
    ) : variant === 'menu' ? (
      <button
        type="button"
        className={buttonStyles({ size: 'md', className: 'w-full' })}
        onClick={() => closeMenuThen(() => void navigate(paths.game.path))}
      >
        {countdownCopy.goToGame}
      </button>
    ) : (
      <Link to={paths.game.path} className={buttonStyles({ size: 'sm', className: 'h-8' })}>
        {countdownCopy.goToGame}
      </Link>
    );

  return variant === 'banner' ? (
    <div data-game-countdown className="border-b border-accent-400/20 bg-ink-950/80">
      <div className="mx-auto flex min-h-10 max-w-7xl items-center justify-center px-4 py-1 text-sm text-mist-50 sm:px-6 lg:px-8">
        {content}
      </div>
    </div>
  ) : (
    <div
      data-game-countdown
      className="rounded-2xl border border-accent-400/25 bg-accent-400/5 p-4 text-sm text-mist-50"
    >
      {content}
    </div>
  );
}
