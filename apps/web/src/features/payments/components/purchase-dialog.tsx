import { ERRORS, MESSAGES, type CheckoutResponse } from '@questfield/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useCheckout } from '../api/checkout';
import { CardEntryError, type CardTokenizer } from '../card/card-tokenizer';
import { describePurchase, newIdempotencyKey, type PurchaseRequest } from '../purchase';
import { CardForm } from './card-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormError, SubmitButton } from '@/components/ui/form';
import { DialogShell } from '@/components/ui/dialog';
import { paymentsCopy } from '@/features/payments/copy';
import { ApiError, failureText } from '@/lib/api-client';
import { cn } from '@/utils/cn';

/** How long Pay waits for the server before treating the attempt as unanswered. */
const CHECKOUT_TIMEOUT_MS = 30_000;

export type PurchaseDialogProps = PurchaseRequest & {
  /** Shown (the default) or animating out; unmount the dialog to drop it. */
  open?: boolean;
  /** Cancel, Escape, the close button or the backdrop (never while a payment is processing). */
  onClose: () => void;
  /** The server's answer to a paid purchase; its `message` is the spec's success text. */
  onPaid?: (result: CheckoutResponse) => void;
  /** After the dialog has closed; without it, focus returns where it was when it opened. */
  onClosed?: () => void;
};

type Failure = { text: string; retry: boolean };

/**
 * A failure that may still have charged the card (no answer, a timeout, a server error, a
 * payment still being confirmed): the next Pay must be the same purchase, so the key and the
 * card token are kept. Any other answer is definite and nothing was charged.
 */
function isUnanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.code === 'PAYMENT_PENDING' ||
    error.code === 'INVALID_RESPONSE'
  );
}

/** Spec §8: 'Payment failed. ' and the server's reason; 'Payment failed' without one. */
function failureMessage(error: unknown): string {
  const fallback = ERRORS.PAYMENT_FAILED.message;
  const reason = failureText(error, fallback);
  return reason === fallback ? fallback : `${MESSAGES.paymentFailedPrefix}${reason}`;
}

/**
 * The purchase modal (spec §2, §4): 'Purchase n Credits' (or the item's label), 'Total: $price',
 * the provider's card form, Pay and Cancel. Idle → processing (form dimmed and disabled, the
 * dialog cannot close) → closed on success, or an alert on failure and idle again.
 *
 * Exactly once (security.md W6): one Idempotency-Key per opened dialog. A decline or any other
 * definite refusal renews it, so the next Pay is a new purchase; an unanswered attempt keeps it
 * and its card token, so the next Pay is the same purchase and cannot charge twice. Pay is
 * guarded synchronously, so a double click sends one request.
 */
export default function PurchaseDialog({
  sku,
  quantity = 1,
  label,
  open = true,
  onClose,
  onPaid,
  onClosed,
}: PurchaseDialogProps) {
  const { title, total } = describePurchase({ sku, quantity, label });
  const checkout = useCheckout();
  const [tokenizer, setTokenizer] = useState<CardTokenizer | null>(null);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const busyRef = useRef(false);
  const keyRef = useRef('');
  /** The token of an unanswered attempt, sent again with the same key. */
  const retryTokenRef = useRef<string | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const payRef = useRef<HTMLDivElement>(null);

  const onReady = useCallback((next: CardTokenizer | null) => setTokenizer(() => next), []);

  // When the card form arrives after the dialog opened, the first card field takes the focus
  // (unless the player has already moved it).
  useEffect(() => {
    const content = contentRef.current;
    if (tokenizer === null || content === null) return;
    if (document.activeElement === content) {
      content.querySelector<HTMLElement>('input:not([disabled])')?.focus();
    }
  }, [tokenizer]);

  const close = () => {
    if (!busyRef.current) onClose();
  };

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current || tokenizer === null) return;
    busyRef.current = true;
    setProcessing(true);
    setFailure(null);
    let token = retryTokenRef.current;
    let paid = false;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), CHECKOUT_TIMEOUT_MS);
    try {
      token ??= await tokenizer.tokenize();
      keyRef.current ||= newIdempotencyKey();
      const result = await checkout(
        { items: [{ id: sku, qty: quantity }], total, paymentToken: token, sku, quantity },
        keyRef.current,
        controller.signal,
      );
      paid = true;
      onPaid?.(result);
      onClose();
    } catch (error) {
      if (error instanceof CardEntryError) {
        // The form shows what to fix (and has moved the focus there).
        if (error.message) setFailure({ text: error.message, retry: false });
      } else if (token !== null && isUnanswered(error)) {
        retryTokenRef.current = token;
        setFailure({ text: failureMessage(error), retry: true });
      } else {
        keyRef.current = '';
        retryTokenRef.current = null;
        setFailure({ text: failureMessage(error), retry: false });
      }
    } finally {
      window.clearTimeout(timer);
      if (!paid) {
        busyRef.current = false;
        setProcessing(false);
      }
    }
  };

  // Disabling Pay while it had the focus drops the focus on the page: bring it back.
  useEffect(() => {
    const content = contentRef.current;
    if (processing || content === null) return;
    if (!content.contains(document.activeElement)) {
      payRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    }
  }, [processing]);

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      description={
        <span className="text-lg font-semibold text-accent-300">{paymentsCopy.total(total)}</span>
      }
      closeLabel={paymentsCopy.close}
      busy={processing}
      initialFocus={() => contentRef.current?.querySelector<HTMLElement>('input:not([disabled])')}
      onClosed={onClosed}
      contentRef={contentRef}
    >
      <form
        noValidate
        aria-busy={processing}
        className="mt-5 flex flex-col gap-5 sm:mt-6"
        onSubmit={(event) => void pay(event)}
      >
        <fieldset
          disabled={processing}
          className={cn(
            'min-w-0 transition-opacity motion-reduce:transition-none',
            processing && 'pointer-events-none opacity-50',
          )}
        >
          <CardForm onReady={onReady} />
        </fieldset>
        <FormError>{failure?.text}</FormError>
        {failure?.retry ? <p className="text-sm text-mist-300">{paymentsCopy.retryHint}</p> : null}
        <p role="status" className="sr-only">
          {processing ? paymentsCopy.processing : ''}
        </p>
        <div ref={payRef} className="grid gap-3 sm:grid-cols-2">
          <SubmitButton pending={processing} disabled={tokenizer === null}>
            {paymentsCopy.pay}
          </SubmitButton>
          <button
            type="button"
            disabled={processing}
            onClick={close}
            className={buttonStyles({
              variant: 'secondary',
              size: 'lg',
              className: 'w-full',
            })}
          >
            {paymentsCopy.cancel}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
