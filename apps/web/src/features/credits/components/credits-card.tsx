import { Link } from 'react-router';
import { creditsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';

/** 'Your Credits' with the balance the server last answered, and 'Join a Session' (spec §2). */
export function CreditsCard({ credits }: { credits: number }) {
  return (
    <section
      aria-labelledby="your-credits"
      className="flex flex-col gap-6 rounded-2xl border border-white/10 bg-ink-850/70 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2
          id="your-credits"
          className="text-sm font-semibold tracking-wide text-mist-300 uppercase"
        >
          {creditsCopy.yourCredits}
        </h2>
        <p className="mt-2 flex items-baseline gap-2 text-white">
          <span className="text-5xl font-extrabold tabular-nums" data-testid="credit-balance">
            {credits}
          </span>
          <span className="text-lg text-mist-300">{creditsCopy.creditsUnit}</span>
        </p>
      </div>
      <Link to="/" className={buttonStyles({ size: 'lg' })}>
        {creditsCopy.joinSession}
      </Link>
    </section>
  );
}
