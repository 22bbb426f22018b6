import { CREDIT_PACKS, formatUsd, priceCents, type CreditPackSku } from '@questfield/contract';
import type { ReactNode } from 'react';
import { BOOKING_SECTION_ID, PURCHASE_SECTION_ID } from './landing-hero';
import { Section } from '@/components/layout/section';
import { buttonStyles } from '@/components/ui/button-styles';
import { landingCopy } from '@/features/landing/copy';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/**
 * Spec §2: a credit pack card (price with $, credit count, Buy Now) for each pack of the
 * catalogue. While `gate` is shown (a visitor), Buy Now opens sign-in like the gate does;
 * otherwise it asks the route to open the purchase (`onBuy`).
 */
function CreditPackCards({
  signedOut,
  onBuy,
}: {
  signedOut: boolean;
  onBuy: ((sku: CreditPackSku) => void) | undefined;
}) {
  return (
    <ul
      aria-label={landingCopy.creditPacksLabel}
      className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {CREDIT_PACKS.map((pack) => {
        const price = formatUsd(priceCents(pack.sku, 1));
        return (
          <li
            key={pack.sku}
            className="flex flex-col rounded-2xl border border-white/10 bg-ink-850/80 p-4 shadow-xl shadow-black/20 sm:p-6"
          >
            <h3 className="flex flex-wrap items-baseline gap-x-2 text-white">
              <span className="text-4xl font-black tracking-tight tabular-nums sm:text-5xl">
                {pack.credits}
              </span>{' '}
              <span className="text-lg font-semibold text-mist-300">{landingCopy.creditsUnit}</span>
            </h3>
            <p className="mt-2 text-xl font-bold text-accent-300 tabular-nums sm:mt-3 sm:text-2xl">
              {price}
            </p>
            <button
              type="button"
              aria-label={landingCopy.buyNowLabel(pack.credits, price)}
              className={buttonStyles({
                className: 'mt-5 w-full sm:mt-6 sm:h-12 sm:px-6 sm:text-base',
              })}
              onClick={() => {
                if (signedOut || !onBuy) dispatchWindowEvent(WINDOW_EVENTS.openSignIn);
                else onBuy(pack.sku as CreditPackSku);
              }}
            >
              {landingCopy.buyNow}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The booking section (its item cards, `booking`, from the bookings feature) and Purchase
 * Credits: the credit pack cards, and room for the Redeem Code button (`actions`). `gate` is the
 * sign-in-or-sign-up prompt the landing route passes while signed out; `onBuy` opens the
 * purchase dialog for a signed-in player.
 */
export function PurchaseCreditsSection({
  booking,
  gate,
  actions,
  onBuy,
}: {
  booking?: ReactNode;
  gate?: ReactNode;
  actions?: ReactNode;
  onBuy?: (sku: CreditPackSku) => void;
}) {
  return (
    <>
      {booking ? (
        <Section
          id={BOOKING_SECTION_ID}
          heading={landingCopy.bookingHeading}
          intro={landingCopy.bookingIntro}
          className="pt-0 sm:pt-0"
        >
          {booking}
        </Section>
      ) : null}
      <Section
        id={PURCHASE_SECTION_ID}
        heading={landingCopy.purchaseHeading}
        intro={landingCopy.purchaseIntro}
        tone="raised"
      >
        {gate ? <div className="mt-8">{gate}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        <CreditPackCards signedOut={Boolean(gate)} onBuy={onBuy} />
      </Section>
    </>
  );
}

/**
 * Brings Purchase Credits into view and puts the focus on its heading (e.g. after the booking
 * modal's 'Buy Credits'), so the next Tab reaches the credit packs.
 */
export function showPurchaseSection(): void {
  showSection(PURCHASE_SECTION_ID);
}

/** The same for the booking section (e.g. an experience's 'Join Experience'). */
export function showBookingSection(): void {
  showSection(BOOKING_SECTION_ID);
}

function showSection(id: string): void {
  const section = document.getElementById(id);
  const heading = section?.querySelector('h2');
  if (!section || !heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
}
