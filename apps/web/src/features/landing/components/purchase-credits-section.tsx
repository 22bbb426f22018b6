import type { ReactNode } from 'react';
import { PURCHASE_SECTION_ID } from './landing-hero';
import { PageContainer } from '@/components/layout/page-container';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';
import { landingCopy } from '@/features/landing/copy';

/**
 * Where the booking flow and the credit bundles go; both arrive with their own issues.
 * `gate` is the sign-in-or-sign-up prompt the landing route passes while signed out.
 */
export function PurchaseCreditsSection({ gate }: { gate?: ReactNode }) {
  return (
    <>
      <section aria-labelledby="book-a-session" className="pb-16 sm:pb-24">
        <PageContainer>
          <h2
            id="book-a-session"
            className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl"
          >
            {landingCopy.bookingHeading}
          </h2>
          <PlaceholderNotice className="mt-8">{landingCopy.bookingPlaceholder}</PlaceholderNotice>
        </PageContainer>
      </section>

      <section
        id={PURCHASE_SECTION_ID}
        aria-labelledby="purchase-credits-heading"
        className="border-y border-white/5 bg-ink-900/70 py-16 sm:py-24"
      >
        <PageContainer>
          <h2
            id="purchase-credits-heading"
            className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl"
          >
            {landingCopy.purchaseHeading}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-mist-300">{landingCopy.purchaseIntro}</p>
          {gate ? <div className="mt-8">{gate}</div> : null}
          <PlaceholderNotice className="mt-8">{landingCopy.purchasePlaceholder}</PlaceholderNotice>
        </PageContainer>
      </section>
    </>
  );
}
