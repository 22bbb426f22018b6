import { Link } from 'react-router';
import { useState } from 'react';
import { bookingsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';

/**
 * A booked seat's access code (a booking's confirmation, a claimed party seat), with Copy, and
 * how friends join the game with it on /game.
 */
export function AccessCodeCard({ accessCode }: { accessCode: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(accessCode);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div className="rounded-2xl border border-white/10 bg-ink-950/50 p-4">
      <p className="text-sm text-mist-300">{bookingsCopy.accessCodeLabel}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p className="font-mono text-2xl font-bold tracking-widest text-white select-all">
          {accessCode}
        </p>
        <button
          type="button"
          aria-label={bookingsCopy.copyLabel}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          onClick={() => void copyCode()}
        >
          {bookingsCopy.copy}
        </button>
        <span role="status" className="text-sm font-semibold text-emerald-300">
          {copy === 'copied' ? bookingsCopy.copied : ''}
        </span>
      </div>
      {copy === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {bookingsCopy.copyFailed}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-mist-100">
        {bookingsCopy.friendsJoin}{' '}
        <Link
          to={paths.game.path}
          className="font-semibold text-accent-300 underline underline-offset-4"
        >
          {bookingsCopy.gamePage}
        </Link>{' '}
        ({paths.game.path}).
      </p>
    </div>
  );
}
