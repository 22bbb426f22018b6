import type { WaitlistEntry } from '@questfield/contract';
import { useRef, useState } from 'react';
import { useWaitlist } from '../api/get-waitlist';
import { useLeaveWaitlistMutation } from '../api/leave-waitlist';
import { bookingsCopy } from '../copy';
import { useWaitlistWhen } from './waitlist-offer';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { failureText } from '@/lib/api-client';

/**
 * The player's places in waitlists on /dashboard, headed 'My Waitlist' (ADR 0034), soonest
 * first: each game's start on the venue's clock, the place in line (or that a seat is held,
 * which the offer banner at the foot of the page answers), and 'Leave'. Shown only while the
 * player waits somewhere, or has just left the last line (to say so). After leaving, the
 * focus goes to the panel's heading, where the outcome is announced.
 */
export function MyWaitlist({ userId }: { userId: string }) {
  const entries = useWaitlist(userId).data?.entries ?? [];
  const leave = useLeaveWaitlistMutation();
  const [left, setLeft] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const when = useWaitlistWhen();

  if (entries.length === 0 && left === null) return null;

  const leaveLine = (entry: WaitlistEntry) => {
    if (leave.isPending) return;
    setFailure(null);
    leave.mutate(
      { EventTime: entry.EventTime },
      {
        onSuccess: () => {
          setLeft(bookingsCopy.leftWaitlist(when(entry)));
          headingRef.current?.focus();
        },
        onError: (error) => setFailure(failureText(error, bookingsCopy.waitlistFailed)),
      },
    );
  };

  return (
    <Panel heading={bookingsCopy.myWaitlistHeading} headingRef={headingRef}>
      <p role="status" className="mt-2 text-sm text-mist-100 empty:hidden">
        {left ?? ''}
      </p>
      <FormError>{failure}</FormError>
      {entries.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {entries.map((entry) => (
            <li
              key={entry.EventTime}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/[0.02] px-4 py-3"
            >
              <div>
                <p className="font-semibold text-white">
                  <ClockTime
                    at={entry.EventTime}
                    date="long"
                    pending={`${entry.when} (${bookingsCopy.venueTime})`}
                  />
                </p>
                <p className="text-sm text-mist-300">
                  {entry.seats > 1 ? `${bookingsCopy.partyOf(entry.seats)} · ` : null}
                  {entry.place !== null
                    ? bookingsCopy.placeInLine(entry.place)
                    : entry.seats > 1
                      ? bookingsCopy.waitlistPartySeatsHeld(entry.seats)
                      : bookingsCopy.waitlistSeatHeld}
                </p>
              </div>
              <button
                type="button"
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                aria-label={bookingsCopy.leaveWaitlistFor(when(entry))}
                disabled={leave.isPending}
                onClick={() => leaveLine(entry)}
              >
                {bookingsCopy.leave}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
