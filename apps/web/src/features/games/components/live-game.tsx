import type { UserEvent } from '@questfield/contract';
import { gamesCopy } from '../copy';
import { endOf } from '../schedule';
import { CountdownTimer } from './countdown-timer';
import { Panel } from '@/components/ui/panel';

/** /game while the player's game is live: its district, the time left, where it will open. */
export function LiveGame({ game }: { game: UserEvent }) {
  return (
    <div className="max-w-2xl">
      <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-emerald-300 uppercase">
        {gamesCopy.liveEyebrow}
      </p>
      <Panel heading={game.EventName}>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2 text-mist-100">
          <CountdownTimer
            target={endOf(game)}
            label={gamesCopy.timeLeft}
            timerClassName="font-mono text-2xl font-bold text-accent-300 tabular-nums"
          />
        </p>
        <p className="mt-4 text-base text-mist-300">{gamesCopy.liveBody}</p>
      </Panel>
    </div>
  );
}
