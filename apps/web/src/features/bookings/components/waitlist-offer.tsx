import { GAME_COST_CREDITS, type PartyView, type WaitlistEntry } from '@questfield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { differenceInSeconds } from 'date-fns';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAcceptOfferMutation } from '../api/accept-offer';
import { useDeclineOfferMutation } from '../api/decline-offer';
import { WAITLIST_QUERY_KEY } from '../api/get-waitlist';
import { bookingsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { useClockText } from '@/lib/venue-clock';

/** The seconds left until `until` (ISO 8601), never below 0, counted down every second. */
function useSecondsLeft(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(differenceInSeconds(new Date(until), now), 0);
}

/** '14:05': minutes and seconds. */
function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A waitlisted game's start in words, on the venue's clock with its zone (and the player's beside
 * it where it differs); until that clock is known, the server's words marked as venue time.
 */
export function useWaitlistWhen(): (entry: Pick<WaitlistEntry, 'EventTime' | 'when'>) => string {
  const clockText = useClockText();
  return (entry) => clockText(entry.EventTime, 'long', `${entry.when} (${bookingsCopy.venueTime})`);
}

/**
 * 'Your turn on the waitlist came: a seat on the session of … is held for you.', or a party's
 * seats together (ADR 0066).
 */
export function OfferText({ offer }: { offer: WaitlistEntry }) {
  const when = useWaitlistWhen();
  return (
    <p className="text-mist-100">
      {offer.seats > 1
        ? bookingsCopy.offerTextParty(when(offer), offer.seats)
        : bookingsCopy.offerText(when(offer))}
    </p>
  );
}

/** The offer's heading: a seat, or a party's seats. */
export const offerHeading = (offer: WaitlistEntry): string =>
  offer.seats > 1 ? bookingsCopy.offerHeadingParty(offer.seats) : bookingsCopy.offerHeading;

/** What became of an offer this page answered. */
export type OfferOutcome = 'accepted' | 'declined';

/** The party an accepted party offer booked (its invites to show), or undefined. */
export type OfferAnswered = (outcome: OfferOutcome, party?: PartyView) => void;

/**
 * A seat held for the player (ADR 0034): the time left on the hold (a timer, not announced
 * every second), 'Accept (2 credits)' and 'Decline'. With fewer than 2 credits it says so and
 * links to buying credits instead of accepting (the hold keeps running). A refusal shows the
 * server's message. When the hold ends, the player's places are asked again (the offer goes).
 */
export function OfferActions({
  offer,
  credits,
  onAnswered,
}: {
  offer: WaitlistEntry & { offerExpiresAt: string };
  credits: number;
  onAnswered: OfferAnswered;
}) {
  const client = useQueryClient();
  const accept = useAcceptOfferMutation();
  const decline = useDeclineOfferMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const seconds = useSecondsLeft(offer.offerExpiresAt);
  const labelId = useId();
  const unitsId = useId();
  const busy = accept.isPending || decline.isPending;
  const ended = seconds === 0;
  const asked = useRef(false);
  // A party's offer costs every seat (ADR 0066).
  const cost = offer.seats * GAME_COST_CREDITS;
  const short = credits < cost;

  useEffect(() => {
    if (!ended || asked.current) return;
    asked.current = true;
    void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
  }, [ended, client]);

  const answer = (mutation: typeof accept | typeof decline, outcome: OfferOutcome) => {
    if (busy) return;
    setFailure(null);
    mutation.mutate(
      { EventTime: offer.EventTime },
      {
        onSuccess: (answer) =>
          onAnswered(outcome, answer && 'party' in answer ? answer.party : undefined),
        onError: (error) => setFailure(failureText(error, bookingsCopy.offerFailed)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span id={labelId}>{bookingsCopy.offerHeldFor}</span>
        <span id={unitsId} className="sr-only">
          {bookingsCopy.offerTimerUnits}
        </span>
        <span
          role="timer"
          aria-live="off"
          aria-atomic="true"
          aria-labelledby={`${labelId} ${unitsId}`}
          className="font-mono font-bold text-accent-300 tabular-nums"
        >
          {minutesAndSeconds(seconds)}
        </span>
      </p>
      {short ? (
        <p className="text-sm text-mist-100">
          {offer.seats > 1
            ? bookingsCopy.offerPartyNotEnough(credits, offer.seats)
            : bookingsCopy.offerNotEnough(credits)}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {short ? (
          <Link to={bookingsCopy.purchaseSectionHref} className={buttonStyles({ size: 'sm' })}>
            {bookingsCopy.offerBuyCredits}
          </Link>
        ) : (
          <button
            type="button"
            disabled={busy || ended}
            aria-busy={accept.isPending}
            className={buttonStyles({ size: 'sm' })}
            onClick={() => answer(accept, 'accepted')}
          >
            {accept.isPending ? <Spinner /> : null}
            {offer.seats > 1
              ? bookingsCopy.acceptPartyOffer(offer.seats)
              : bookingsCopy.acceptOffer}
          </button>
        )}
        <button
          type="button"
          disabled={busy || ended}
          aria-busy={decline.isPending}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          onClick={() => answer(decline, 'declined')}
        >
          {decline.isPending ? <Spinner /> : null}
          {bookingsCopy.declineOffer}
        </button>
      </div>
    </div>
  );
}
