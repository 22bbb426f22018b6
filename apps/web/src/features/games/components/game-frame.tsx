import { GAME_FRAME_FOCUS_INTERVAL_MS, type UserEvent } from '@questfield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { gamesCopy } from '../copy';
import { afterGameUrl, frameMessageOf, ticketMessage } from '../frame-protocol';
import { endOf } from '../schedule';
import { CountdownTimer } from './countdown-timer';
import { buttonStyles } from '@/components/ui/button-styles';
import { LEADERBOARD_QUERY_KEY } from '@/lib/query-keys';
import { readGameData } from '@/lib/game-data';

type GameFrameProps = {
  game: UserEvent;
  username: string;
  gameOrigin: string;
  resultsHosts: readonly string[];
};

/**
 * The live game, full screen (spec §4 /game; security.md W15, R21): the game's page from its
 * own origin in a sandboxed frame. The ticket message (the seat's ticket, game data, name,
 * initials: never the email, phone or credits) is posted to that exact origin when the frame
 * loads and whenever the game says it is ready; only messages from that origin and that frame
 * are read. Focus goes back to the frame every second unless the player moved it elsewhere;
 * Escape (here, or in the game, which relays it) moves it to 'Leave game'.
 */
export default function GameFrame({ game, username, gameOrigin, resultsHosts }: GameFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const leaveRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const client = useQueryClient();

  const postTicket = useCallback(
    () => frameRef.current?.contentWindow?.postMessage(ticketMessage(game, username), gameOrigin),
    [game, username, gameOrigin],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = { gameOrigin, window: frameRef.current?.contentWindow };
      const message = frameMessageOf(event, frame);
      if (message?.type === 'questfield:ready') postTicket();
      if (message?.type === 'questfield:leave') leaveRef.current?.focus();
      if (message?.type === 'questfield:finished') {
        // The run is on the boards now: the dashboard must not show them from before.
        void client.invalidateQueries({ queryKey: LEADERBOARD_QUERY_KEY });
        const stored = readGameData();
        const allowed = { appOrigin: window.location.origin, hosts: resultsHosts };
        const target = afterGameUrl([stored?.redirecturl, stored?.homeurl], allowed);
        if (target.startsWith('/')) void navigate(target);
        else window.location.assign(target);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') leaveRef.current?.focus();
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [gameOrigin, resultsHosts, navigate, postTicket, client]);

  useFrameFocus(frameRef);

  return (
    <section
      aria-label={gamesCopy.gameRegion}
      className="fixed inset-0 z-50 flex flex-col bg-ink-950"
    >
      {/* One line on a phone too: the room's name gives way first, then the timer's label. */}
      <div className="flex min-h-12 items-center justify-between gap-3 border-b border-white/10 px-4 py-2 text-sm text-mist-100 sm:gap-4">
        <p className="min-w-0 truncate font-semibold">{game.EventName}</p>
        <p className="flex shrink-0 items-baseline gap-2">
          <CountdownTimer
            target={endOf(game)}
            label={gamesCopy.timeLeft}
            labelClassName="sr-only sm:not-sr-only"
            timerClassName="font-mono font-bold text-accent-300 tabular-nums"
          />
        </p>
        <button
          ref={leaveRef}
          type="button"
          className={buttonStyles({ size: 'sm', variant: 'secondary', className: 'h-8 shrink-0' })}
          onClick={() => void navigate('/')}
        >
          {gamesCopy.leaveGame}
        </button>
      </div>
      <iframe
        ref={frameRef}
        title={gamesCopy.gameFrameTitle}
        src={`${gameOrigin}/`}
        // Scripts, and its own origin so it can call the API under CORS; nothing else (no
        // top navigation, popups or forms).
        sandbox="allow-scripts allow-same-origin"
        allow="autoplay"
        className="w-full flex-1 border-0 bg-ink-950"
        onLoad={postTicket}
      />
    </section>
  );
}

/**
 * Puts focus on the frame every second, unless the player has moved it to something else on
 * purpose (anything but the page itself or the frame).
 */
function useFrameFocus(frameRef: React.RefObject<HTMLIFrameElement | null>) {
  useEffect(() => {
    const timer = setInterval(() => {
      const active = document.activeElement;
      const idle = active === null || active === document.body;
      if (idle && frameRef.current) frameRef.current.focus();
    }, GAME_FRAME_FOCUS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [frameRef]);
}
