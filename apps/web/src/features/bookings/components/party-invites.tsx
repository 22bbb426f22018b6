import type { PartyView } from '@questfield/contract';
import type { RefObject } from 'react';
import { bookingsCopy } from '../copy';
import { InviteLink } from '@/components/ui/invite-link';

/**
 * A party just booked (ADR 0065): its open seats' invite links, one per friend, under a heading
 * that takes the focus as the confirmation appears. The leader's own seat is seat 1.
 */
export function PartyInvites({
  party,
  when,
  headingId,
  headingRef,
}: {
  party: PartyView;
  /** The game's start, as the confirmation writes it. */
  when: string;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-white outline-none"
      >
        {bookingsCopy.invitesHeading}
      </h3>
      <p className="text-sm text-mist-100">{bookingsCopy.invitesText}</p>
      <ul className="flex flex-col gap-3">
        {party.seats.map((seat, index) =>
          seat.invite === null ? null : (
            <li
              key={seat.seatId}
              className="flex flex-col gap-2 rounded-2xl border border-white/10 bg-ink-950/50 p-4"
            >
              <p className="font-semibold text-white">{bookingsCopy.guestSeatTitle(index + 1)}</p>
              <InviteLink
                token={seat.invite}
                seat={bookingsCopy.guestSeat(index + 1)}
                when={when}
              />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
