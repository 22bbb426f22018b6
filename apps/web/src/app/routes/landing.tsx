import { BRAND_NAME } from '@questfield/contract';
import { ConsultationCta } from '@/features/landing/components/consultation-cta';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { PurchaseCreditsSection } from '@/features/landing/components/purchase-credits-section';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LandingRoute() {
  useDocumentTitle(`${BRAND_NAME} · Timed multiplayer quests`);
  return (
    <>
      <LandingHero />
      <HowItWorks />
      <PurchaseCreditsSection />
      <ConsultationCta />
    </>
  );
}
