import { GAME_COST_CREDITS, PARTY, type AvailableTime, type PartyView } from '@questfield/contract';
import { useRef, useState, type RefObject } from 'react';
import { useAvailableTimes } from '../api/get-available-times';
import { entryOn, useWaitlist } from '../api/get-waitlist';
import { useJoinWaitlistMutation } from '../api/join-waitlist';
import { useLeaveWaitlistMutation } from '../api/leave-waitlist';
import { isFull } from '../booking';
import { bookingsCopy } from '../copy';
import { PartyInvites } from './party-invites';
import { SeatsField } from './seats-field';
import { OfferActions, OfferText, type OfferAnswered, type OfferOutcome } from './waitlist-offer';
import { ConfirmActions } from '@/components/ui/confirm-step';
import { FormError } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';

const headingClass = 'text-lg font-bold text-white outline-none';

/**
 * The booking modal's view of a full session (ADR 0034): 'Join the Waitlist' (free) for the seats
 * chosen (a party waits as one place, its seats offered together: ADR 0066; the balance must
 * hold 2 credits a seat), then 'You are number N in line.' with 'Leave the Waitlist'; a party's
 * accepted offer shows its invites; a seat held for the player shows the offer
 * (OfferActions); a seat free again (nobody waiting for it) offers to book it. The seats and the
 * place stay live while it is shown: the modal keeps the day's seats live (useLiveSeats), and a
 * change of this game asks for the player's places again.
 */
export function WaitlistView({
  slot,
  date,
  refetchEvery,
  sessionText,
  userId,
  credits,
  seats,
  onSeatsChange,
  headingId,
  headingRef,
  onBook,
  onBuyCredits,
  onBack,
}: {
  slot: AvailableTime;
  /** The venue day, 'YYYY-MM-DD'. */
  date: string;
  /** How often to ask for the day: never while its seats are live (useLiveSeats). */
  refetchEvery: number | false;
  /** 'MM/DD/YYYY, 10:00 AM (venue time)'. */
  sessionText: string;
  userId: string | null;
  credits: number;
  /** The seats chosen in the modal (the booking's choice carries over). */
  seats: number;
  onSeatsChange: (seats: number) => void;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBook: (slot: AvailableTime) => void;
  /** Closes the modal and shows the credit packs (the Not Enough Credits view's button). */
  onBuyCredits: () => void;
  onBack: () => void;
}) {
  const times = useAvailableTimes(date, refetchEvery);
  const live = times.data?.find((listed) => listed.EventTime === slot.EventTime) ?? slot;
  const waitlist = useWaitlist(userId).data;
  const entry = entryOn(waitlist, slot.EventTime);
  const join = useJoinWaitlistMutation();
  const leave = useLeaveWaitlistMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [answered, setAnswered] = useState<OfferOutcome | null>(null);
  const [party, setParty] = useState<PartyView | undefined>(undefined);
  const invitesRef = useRef<HTMLHeadingElement>(null);
  const onAnswered: OfferAnswered = (outcome, booked) => {
    setAnswered(outcome);
    setParty(booked);
  };
  const pending = join.isPending || leave.isPending;
  // A party joins as one place: the balance must hold every seat's cost (ADR 0066).
  const most = Math.max(1, Math.min(PARTY.maxSeats, Math.floor(credits / GAME_COST_CREDITS)));
  const count = Math.min(seats, most);

  const onError = (error: Error) => setFailure(failureText(error, bookingsCopy.waitlistFailed));
  const change = (mutation: typeof join | typeof leave) => {
    if (pending) return;
    setFailure(null);
    if (mutation === leave) leave.mutate({ EventTime: slot.EventTime }, { onError });
    // One seat joins as it always did: `seats` is sent only for a party.
    else
      join.mutate(
        { EventTime: slot.EventTime, ...(count > 1 ? { seats: count } : {}) },
        { onError },
      );
  };

  // Only a player who can pay for the game joins its line (spec: 2 credits to book or join).
  const cannotJoin = entry === undefined && isFull(live) && credits < GAME_COST_CREDITS;
  let heading: string = bookingsCopy.waitlistHeading;
  if (entry?.status === 'offered') heading = bookingsCopy.offerHeading;
  else if (cannotJoin && answered === null) heading = bookingsCopy.notEnoughHeading;
  let body;
  if (answered !== null && entry === undefined) {
    body = (
      <>
        <p role="status" className="text-mist-100">
          {answered === 'declined'
            ? bookingsCopy.offerDeclined
            : party
              ? bookingsCopy.offerPartyAccepted
              : bookingsCopy.offerAccepted}
        </p>
        {answered === 'accepted' && party ? (
          <PartyInvites
            party={party}
            when={sessionText}
            headingId={`${headingId}-invites`}
            headingRef={invitesRef}
          />
        ) : null}
      </>
    );
  } else if (entry?.status === 'offered' && entry.offerExpiresAt !== null) {
    body = (
      <>
        <OfferText offer={entry} />
        <OfferActions
          offer={{ ...entry, offerExpiresAt: entry.offerExpiresAt }}
          credits={credits}
          onAnswered={onAnswered}
        />
      </>
    );
  } else if (entry !== undefined) {
    body = (
      <>
        <p role="status" className="font-semibold text-white">
          {bookingsCopy.placeInLine(entry.place ?? 1)}
        </p>
        {entry.seats > 1 ? (
          <p className="text-sm text-mist-100">{bookingsCopy.partyPlace(entry.seats)}</p>
        ) : null}
        <p className="text-sm text-mist-300">{bookingsCopy.waitlistLeaveAnyTime}</p>
        <FormError>{failure}</FormError>
        <ConfirmActions
          confirmLabel={bookingsCopy.leaveWaitlist}
          backLabel={bookingsCopy.changeSelection}
          variant="secondary"
          pending={leave.isPending}
          onConfirm={() => change(leave)}
          onBack={onBack}
        />
      </>
    );
  } else if (!isFull(live)) {
    body = (
      <>
        <p role="status" className="text-mist-100">
          {bookingsCopy.seatsFreeAgain}
        </p>
        <ConfirmActions
          confirmLabel={bookingsCopy.bookThisSession}
          backLabel={bookingsCopy.changeSelection}
          pending={false}
          onConfirm={() => onBook(live)}
          onBack={onBack}
        />
      </>
    );
  } else if (cannotJoin) {
    body = (
      <>
        <p className="text-mist-100">{bookingsCopy.waitlistNotEnough(credits)}</p>
        <ConfirmActions
          confirmLabel={bookingsCopy.buyCredits}
          backLabel={bookingsCopy.changeSelection}
          pending={false}
          onConfirm={onBuyCredits}
          onBack={onBack}
        />
      </>
    );
  } else {
    body = (
      <>
        <p className="text-mist-100">{bookingsCopy.waitlistText(waitlist?.holdMinutes)}</p>
        <SeatsField
          seats={count}
          most={most}
          onChange={onSeatsChange}
          limitedText={bookingsCopy.waitlistSeatsLimited}
        />
        {count > 1 ? (
          <p className="text-sm text-mist-300">{bookingsCopy.partyPlace(count)}</p>
        ) : null}
        <FormError>{failure}</FormError>
        <ConfirmActions
          confirmLabel={bookingsCopy.joinWaitlist}
          backLabel={bookingsCopy.changeSelection}
          pending={join.isPending}
          onConfirm={() => change(join)}
          onBack={onBack}
        />
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={pending}
      className="mt-5 flex flex-col gap-4 sm:mt-6"
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={headingClass}>
        {heading}
      </h3>
      <p className="text-sm text-mist-300">
        {bookingsCopy.sessionLabel}: {sessionText}
      </p>
      {body}
    </section>
  );
}
