import { WAITLIST_OFFER_HASH, type PartyView, type WaitlistEntry } from '@questfield/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useWaitlist } from '../api/get-waitlist';
import { useLiveOffers } from '../api/watch-offers';
import { bookingsCopy } from '../copy';
import { PartyInvites } from './party-invites';
import {
  OfferActions,
  OfferText,
  offerHeading,
  useWaitlistWhen,
  type OfferAnswered,
  type OfferOutcome,
} from './waitlist-offer';
import { buttonStyles } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';

type Offer = WaitlistEntry & { offerExpiresAt: string };

const isOffer = (entry: WaitlistEntry): entry is Offer =>
  entry.status === 'offered' && entry.offerExpiresAt !== null;

/**
 * A seat offered from the waitlist (ADR 0034), on every page of a signed-in player: a strip
 * above the header's bar, a region headed 'A seat is free for you' with the game's time, the
 * time left on the hold, 'Accept (2 credits)' and 'Decline' (OfferActions). The player's
 * places are asked at once when an offer is made to them (their offer stream, watch-offers.ts)
 * or a seat stream reports a change of their game, and every WAITLIST.pollMs should the stream
 * be closed, so an offer shows at once, or within that time. Its arrival and the answer's outcome are
 * announced politely; the focus is never taken, except back to the outcome when the button
 * pressed has gone with the offer, and by the heading when the player came by the offer mail's
 * link (WAITLIST_OFFER_HASH), once: they asked to land on it.
 */
export function WaitlistOfferBanner({ userId, credits }: { userId: string; credits: number }) {
  const waitlist = useWaitlist(userId);
  useLiveOffers(userId);
  const [outcome, setOutcome] = useState<OfferOutcome | null>(null);
  // A party's accepted offer: its invites, shown until dismissed (ADR 0066).
  const [party, setParty] = useState<{ view: PartyView; offer: WaitlistEntry } | undefined>(
    undefined,
  );
  const headingId = useId();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const landedOn = useRef(false);
  const offer = waitlist.data?.entries.find(isOffer);
  const offerAt = offer?.EventTime;

  // A new offer replaces the outcome of the last one (adjusted while rendering).
  const [shownOffer, setShownOffer] = useState(offerAt);
  if (offerAt !== shownOffer) {
    setShownOffer(offerAt);
    if (offerAt !== undefined) setOutcome(null);
  }

  useEffect(() => {
    if (offerAt === undefined || hash !== WAITLIST_OFFER_HASH || landedOn.current) return;
    landedOn.current = true;
    headingRef.current?.focus();
  }, [offerAt, hash]);

  useEffect(() => {
    const focused = document.activeElement;
    if (outcome !== null && (focused === null || focused === document.body)) {
      noticeRef.current?.focus();
    }
  }, [outcome]);

  let content = null;
  if (offer) {
    const answered: OfferAnswered = (next, booked) => {
      setOutcome(next);
      setParty(booked === undefined ? undefined : { view: booked, offer });
    };
    content = (
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-bold text-white outline-none"
        >
          {offerHeading(offer)}
        </h2>
        <OfferText offer={offer} />
        <OfferActions key={offer.EventTime} offer={offer} credits={credits} onAnswered={answered} />
      </section>
    );
  } else if (outcome !== null) {
    content = (
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p ref={noticeRef} tabIndex={-1} className="font-semibold text-mist-50 outline-none">
          {outcome === 'declined'
            ? bookingsCopy.offerDeclined
            : party
              ? bookingsCopy.offerPartyAccepted
              : bookingsCopy.offerAccepted}
        </p>
        {outcome === 'accepted' ? (
          <Link
            to={paths.dashboard.path}
            className="font-semibold text-accent-300 underline underline-offset-4"
          >
            {bookingsCopy.mySessions}
          </Link>
        ) : null}
        <button
          type="button"
          className={buttonStyles({ variant: 'ghost', size: 'sm' })}
          onClick={() => {
            setOutcome(null);
            setParty(undefined);
          }}
        >
          {bookingsCopy.dismiss}
        </button>
      </div>
    );
    if (outcome === 'accepted' && party) {
      content = (
        <div className="flex flex-col gap-3">
          {content}
          {/* Scrolls within the strip: up to 5 invites would not fit a phone's window. */}
          <div className="max-h-[55vh] overflow-y-auto">
            <AcceptedPartyInvites party={party.view} offer={party.offer} />
          </div>
        </div>
      );
    }
  }

  return (
    <div data-waitlist-offer aria-live="polite">
      {content === null ? null : (
        // Pinned to the foot of the window: a held seat is seen wherever the page is scrolled.
        <div className="fixed inset-x-0 bottom-0 z-40 border-t border-accent-400/40 bg-ink-950/95 shadow-[0_-8px_24px_rgba(0,0,0,0.45)] backdrop-blur">
          <div className="mx-auto max-w-7xl px-4 py-3 text-sm sm:px-6 lg:px-8">{content}</div>
        </div>
      )}
    </div>
  );
}

/**
 * The invites of a party just booked from its offer. Its own component: the venue's clock it
 * names the game with is read only once there is a party to show, not on every page.
 */
function AcceptedPartyInvites({ party, offer }: { party: PartyView; offer: WaitlistEntry }) {
  const when = useWaitlistWhen()(offer);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  return <PartyInvites party={party} when={when} headingId={headingId} headingRef={headingRef} />;
}
