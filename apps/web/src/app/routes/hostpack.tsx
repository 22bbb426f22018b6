import { VideoPlayer } from '@/components/video-player/video-player';
import { media } from '@/config/content';
import { pageTitle, paths } from '@/config/paths';
import { useSession } from '@/features/accounts/hooks/use-session';
import { HostPackPreorder } from '@/features/packs/components/host-pack-preorder';
import { PackHero } from '@/features/packs/components/pack-hero';
import { packsCopy } from '@/features/packs/copy';
import { usePurchaseIntent } from '@/features/payments/hooks/use-purchase-intent';
import { usePurchase } from '@/features/payments/hooks/use-purchase';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §2 /hostpack: the host pack video, 'Pre-order now' and the pre-order dialog with one Host
 * Pack card; its button opens the purchase dialog (a visitor signs in first, spec §4).
 */
export default function HostPackRoute() {
  useDocumentTitle(pageTitle(paths.hostPack.label));
  const session = useSession();
  const { openPurchase, purchaseUi } = usePurchase();
  const buy = usePurchaseIntent({ signedIn: session.user !== null, openPurchase });

  return (
    <>
      <PackHero
        eyebrow={packsCopy.hostPackEyebrow}
        heading={packsCopy.hostPackHeading}
        tagline={packsCopy.hostPackTagline}
        actions={
          <HostPackPreorder onPreorder={(opener) => buy({ sku: 'host-pack' }, { opener })} />
        }
        video={<VideoPlayer {...media.hostPackVideo} />}
      />
      {purchaseUi}
    </>
  );
}
