import { useCallback, useEffect, useRef, useState } from 'react';
import { isResumable, savePurchaseIntent, takePurchaseIntent } from '../purchase-intent';
import type { PurchaseRequest } from '../purchase';
import type { OpenPurchase, OpenPurchaseOptions } from './use-purchase';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/**
 * Purchases that survive sign-in (spec §4). `buy(request)` opens the purchase dialog for a
 * signed-in player; a visitor has the intent stored (Game Pack, Play Now, host pre-order) and
 * sign-in opens. After the `loginStatusChanged` event, once the route sees the player signed in,
 * the stored intent opens the purchase dialog if it is under 5 minutes old, and is discarded
 * otherwise (`takePurchaseIntent`). Focus returns to the button that started the purchase.
 *
 * `signedIn` is the route's view of the session: a signed-in player, or the cached copy while
 * Users/Me answers.
 */
export function usePurchaseIntent({
  signedIn,
  openPurchase,
}: {
  signedIn: boolean;
  openPurchase: OpenPurchase;
}): (request: PurchaseRequest, options?: OpenPurchaseOptions) => void {
  const [statusChanges, setStatusChanges] = useState(0);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onStatusChanged = () => setStatusChanges((count) => count + 1);
    window.addEventListener(WINDOW_EVENTS.loginStatusChanged, onStatusChanged);
    return () => window.removeEventListener(WINDOW_EVENTS.loginStatusChanged, onStatusChanged);
  }, []);

  // After a sign-in (the event, then the session the route reads), resume or discard.
  useEffect(() => {
    if (statusChanges === 0 || !signedIn) return;
    const request = takePurchaseIntent();
    if (request === null) return;
    const opener = openerRef.current;
    openerRef.current = null;
    openPurchase(request, { opener: opener?.isConnected ? opener : null });
  }, [statusChanges, signedIn, openPurchase]);

  return useCallback(
    (request: PurchaseRequest, options: OpenPurchaseOptions = {}) => {
      if (signedIn) {
        openPurchase(request, options);
        return;
      }
      if (isResumable(request)) {
        const active = options.opener ?? document.activeElement;
        openerRef.current = active instanceof HTMLElement ? active : null;
        savePurchaseIntent(request);
      }
      dispatchWindowEvent(WINDOW_EVENTS.openSignIn);
    },
    [signedIn, openPurchase],
  );
}
