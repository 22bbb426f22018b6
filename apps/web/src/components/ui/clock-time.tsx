import { clockParts } from '@questfield/contract';
import { clockCopy } from '@/config/content';
import { CLOCK_PENDING, useVenueClock, type ClockDate } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

/**
 * A moment shown to a person, on one clock (issue "One clock, named"): the venue's time with its
 * zone first ('6:00 PM EST'), and the viewer's own beside it, quieter, where it reads otherwise
 * ('· 5:00 PM CST your time'; a screen reader hears '6:00 PM EST, 5:00 PM CST your time').
 * `date` puts the day before the time ('short': 'Sat, Nov 29, 6:00 PM EST'). While the venue's
 * clock loads it shows `pending` (words the screen already has, e.g. the server's venue time),
 * else a neutral '…'; never the browser's time unnamed. `stacked` puts the viewer's time on a
 * line of its own (a narrow button).
 */
export function ClockTime({
  at,
  date = 'none',
  pending,
  stacked = false,
  className,
}: {
  /** ISO 8601. */
  at: string;
  date?: ClockDate;
  pending?: string;
  stacked?: boolean;
  className?: string;
}) {
  const { clock, viewerZone } = useVenueClock();
  if (clock === null) {
    return (
      <time dateTime={at} className={className}>
        {pending ?? CLOCK_PENDING}
      </time>
    );
  }
  const { venue, viewer } = clockParts(at, clock, viewerZone, { date });
  return (
    <time dateTime={at} className={className}>
      {venue}
      {viewer === null ? null : (
        <>
          {stacked ? null : ' '}
          {/* On one line, the dot with it: a narrow screen wraps before the dot, never inside. */}
          <span className={cn('whitespace-nowrap', stacked && 'block')}>
            {stacked ? null : (
              <span aria-hidden="true" className="font-normal text-mist-300">
                {'· '}
              </span>
            )}
            <span className="sr-only">, </span>
            <span className="text-[0.875em] font-normal text-mist-300">
              {clockCopy.yourTime(viewer)}
            </span>
          </span>
        </>
      )}
    </time>
  );
}
