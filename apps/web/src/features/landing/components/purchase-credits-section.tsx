import type { ReactNode } from 'react';
import { PURCHASE_SECTION_ID } from './landing-hero';
import { Section } from '@/components/layout/section';
import { PlaceholderNotice } from '@/components/ui/placeholder-notice';
import { landingCopy } from '@/features/landing/copy';

/**
 * Where the booking flow and the credit bundles go; both arrive with their own issues.
 * `gate` is the sign-in-or-sign-up prompt the landing route passes while signed out.
 */
export function PurchaseCreditsSection({ gate }: { gate?: ReactNode }) {
  return (
    <>
      <Section heading={landingCopy.bookingHeading} className="pt-0 sm:pt-0">
        <PlaceholderNotice className="mt-8">{landingCopy.bookingPlaceholder}</PlaceholderNotice>
      </Section>
      <Section
        id={PURCHASE_SECTION_ID}
        heading={landingCopy.purchaseHeading}
        intro={landingCopy.purchaseIntro}
        tone="raised"
      >
        {gate ? <div className="mt-8">{gate}</div> : null}
        <PlaceholderNotice className="mt-8">{landingCopy.purchasePlaceholder}</PlaceholderNotice>
      </Section>
    </>
  );
}
