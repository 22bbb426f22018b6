import { VideoPlayer } from '@/components/video-player/video-player';
import { media } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useSession } from '@/features/accounts/hooks/use-session';
import { GamePackSection } from '@/features/packs/components/game-pack-section';
import { PackHero } from '@/features/packs/components/pack-hero';
import { PlayNow } from '@/features/packs/components/play-now';
import { packsCopy } from '@/features/packs/copy';
import { usePurchaseIntent } from '@/features/payments/hooks/use-purchase-intent';
import { usePurchase } from '@/features/payments/hooks/use-purchase';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §2 /promo: the promo video, the 'Play Now' quick buy, the Game Pack section (x1, x25,
 * x50) and the promotion note. A visitor's purchase is kept through sign-in (spec §4); the
 * `openSignUp` window event opens sign-up here as on every page.
 */
export default function PromoRoute() {
  useDocumentTitle(pageTitle(paths.promo.label));
  const session = useSession();
  const { openPurchase, purchaseUi } = usePurchase();
  const buy = usePurchaseIntent({ signedIn: session.user !== null, openPurchase });

  return (
    <>
      <PackHero
        eyebrow={packsCopy.promoEyebrow}
        heading={packsCopy.promoHeading}
        tagline={packsCopy.promoTagline}
        actions={<PlayNow onPlayNow={(opener) => buy({ sku: 'play-now' }, { opener })} />}
        video={<VideoPlayer {...media.promoVideo} />}
      />
      <GamePackSection
        onBuy={(quantity, opener) => buy({ sku: 'game-pack', quantity }, { opener })}
      />
      {purchaseUi}
    </>
  );
}
