import { BRAND_NAME } from '@questfield/contract';
import { LoginGate } from '@/features/accounts/components/login-gate';
import { useSession } from '@/features/accounts/hooks/use-session';
import { BookingItems } from '@/features/bookings/components/booking-items';
import { RedeemCodeButton } from '@/features/codes/components/redeem-code-button';
import { ExperiencesCarousel } from '@/features/experiences/components/experiences-carousel';
import { ConsultationCta } from '@/features/landing/components/consultation-cta';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingHero } from '@/features/landing/components/landing-hero';
import {
  PurchaseCreditsSection,
  showBookingSection,
  showPurchaseSection,
} from '@/features/landing/components/purchase-credits-section';
import { usePurchase } from '@/features/payments/hooks/use-purchase';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LandingRoute() {
  useDocumentTitle(`${BRAND_NAME} · Timed multiplayer quests`);
  const session = useSession();
  const { openPurchase, purchaseUi } = usePurchase();
  const signedOut = session.status === 'signed-out';
  return (
    <>
      {/* What it is, how a session works, what there is to play, then booking and credits. */}
      <LandingHero />
      <HowItWorks />
      <ExperiencesCarousel onJoin={showBookingSection} />
      <PurchaseCreditsSection
        booking={
          <BookingItems
            signedIn={!signedOut}
            userId={session.user?.id ?? null}
            credits={session.user?.credits ?? 0}
            onBuyCredits={showPurchaseSection}
          />
        }
        gate={signedOut ? <LoginGate /> : null}
        actions={<RedeemCodeButton signedOut={signedOut} />}
        onBuy={(sku) => openPurchase({ sku })}
      />
      <ConsultationCta />
      {purchaseUi}
    </>
  );
}
