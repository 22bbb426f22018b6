import type { CheckoutResponse } from '@questfield/contract';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { PurchaseRequest } from '../purchase';
import { StatusNotice } from '@/components/ui/status-notice';
import { paymentsCopy } from '@/features/payments/copy';
import { onDemand } from '@/lib/on-demand';

/** The dialog, Radix and the card form's loader load on the first purchase, not with the page. */
const PurchaseDialog = onDemand(() => import('../components/purchase-dialog'));

type Opened = PurchaseRequest & { id: number };

export type OpenPurchaseOptions = {
  /**
   * Where focus returns when the dialog closes, when it is not the element focused now (e.g.
   * the button that started a purchase resumed after sign-in, or the trigger of a closing
   * dialog).
   */
  opener?: HTMLElement | null;
};

export type OpenPurchase = (request: PurchaseRequest, options?: OpenPurchaseOptions) => void;

/**
 * What a screen needs to sell something: `openPurchase({ sku, quantity })` opens the purchase
 * dialog (a fresh one, with its own Idempotency-Key, every time), and `purchaseUi` is the dialog
 * and the success notice, rendered once by the screen. Focus returns to whatever opened the
 * purchase when the dialog closes. The screen decides who may buy: a visitor gets sign-in first.
 */
export function usePurchase(): {
  openPurchase: OpenPurchase;
  purchaseUi: ReactNode;
} {
  const [current, setCurrent] = useState<Opened | null>(null);
  // The last purchase shown: keeps the dialog steady while it animates out.
  const [shown, setShown] = useState<Opened | null>(null);
  if (current !== null && current !== shown) setShown(current);
  const [notice, setNotice] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const countRef = useRef(0);

  const openPurchase = useCallback<OpenPurchase>((request, options = {}) => {
    const active = options.opener ?? document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    countRef.current += 1;
    setNotice(null);
    setCurrent({ ...request, id: countRef.current });
  }, []);

  const close = useCallback(() => setCurrent(null), []);
  const paid = useCallback((result: CheckoutResponse) => setNotice(result.message), []);
  const restoreFocus = useCallback(() => {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, []);

  const purchaseUi = (
    <>
      {shown ? (
        <PurchaseDialog
          key={shown.id}
          sku={shown.sku}
          quantity={shown.quantity}
          label={shown.label}
          open={current !== null}
          onClose={close}
          onPaid={paid}
          onClosed={restoreFocus}
        />
      ) : null}
      <StatusNotice
        message={notice}
        dismissLabel={paymentsCopy.successDismiss}
        onDismiss={() => setNotice(null)}
      />
    </>
  );

  return { openPurchase, purchaseUi };
}
