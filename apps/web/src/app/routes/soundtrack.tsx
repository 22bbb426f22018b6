import soundtrackArt from '@/assets/art/soundtrack.svg';
import { MESSAGES } from '@questfield/contract';
import { PageHeader } from '@/components/layout/page-header';
import { pageTitle, paths } from '@/config/paths';
import { useSession } from '@/features/accounts/hooks/use-session';
import { useOrders } from '@/features/payments/hooks/use-orders';
import {
  SoundtrackLibrary,
  type SoundtrackLibraryState,
} from '@/features/soundtrack/components/soundtrack-library';
import { soundtrackCopy } from '@/features/soundtrack/copy';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Spec §2 'MY SOUNDTRACKS': the 7 soundtracks once the player owns them (Orders/List: a paid Game
 * Pack or a redeemed Game Pass), otherwise the spec's empty state. A visitor makes no request.
 */
export default function SoundtrackRoute() {
  useDocumentTitle(pageTitle(paths.soundtrack.label));
  const session = useSession();
  const orders = useOrders(session.status === 'signed-in' ? session.user.id : null);

  let state: SoundtrackLibraryState = { status: 'empty' };
  if (orders.data) {
    state = { status: orders.data.ownsSoundtracks ? 'owned' : 'empty' };
  } else if (session.status === 'signed-in' && orders.isError) {
    state = { status: 'error', retrying: orders.isFetching, onRetry: () => void orders.refetch() };
  } else if (session.status === 'loading' || (session.status === 'signed-in' && orders.isPending)) {
    state = { status: session.user === null ? 'empty' : 'loading' };
  }

  return (
    <>
      <PageHeader title={MESSAGES.soundtrackHeading} art={soundtrackArt}>
        {soundtrackCopy.intro}
      </PageHeader>
      <SoundtrackLibrary state={state} />
    </>
  );
}
