import { useEffect, useRef, useState } from 'react';
import { CardEntryError, type CardFormProps } from '../card/card-tokenizer';
import {
  InvalidApplicationIdError,
  loadSquareSdk,
  squareSdkUrl,
  type SquareCard,
} from '../card/square-sdk';
import { FormError } from '@/components/ui/form';
import { paymentsCopy } from '@/features/payments/copy';
import { CardFormLoading } from './card-form-loading';

type Props = CardFormProps & { applicationId: string | null; locationId: string | null };

function setupFailure(error: unknown): string {
  // Square's own loader and SDK name the same failure the same way.
  const invalidId =
    error instanceof InvalidApplicationIdError ||
    (error instanceof Error && error.name === 'InvalidApplicationIdError');
  return invalidId ? paymentsCopy.invalidApplicationId : paymentsCopy.cardFormUnavailable;
}

/**
 * PAYMENT_PROVIDER=square: Square's card fields in Square's frame (card data never touches this
 * page), from the SDK of the environment the application id names. `tokenize()` returns
 * Square's nonce.
 */
export default function SquareCardForm({ applicationId, locationId, onReady }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | { failure: string }>('loading');

  useEffect(() => {
    let cancelled = false;
    let card: SquareCard | null = null;
    const setUp = async () => {
      const sdk = await loadSquareSdk(squareSdkUrl(applicationId));
      const payments = sdk.payments(applicationId ?? '', locationId ?? undefined);
      const created = await payments.card();
      if (cancelled) {
        void created.destroy();
        return;
      }
      card = created;
      const target = containerRef.current;
      if (target === null) return;
      await created.attach(target);
      if (cancelled) return;
      setStatus('ready');
      onReady({
        async tokenize() {
          const result = await created.tokenize();
          if (result.status === 'OK' && result.token) return result.token;
          throw new CardEntryError(result.errors?.[0]?.message || paymentsCopy.cardEntryInvalid);
        },
      });
    };
    setUp().catch((error: unknown) => {
      if (!cancelled) setStatus({ failure: setupFailure(error) });
    });
    return () => {
      cancelled = true;
      onReady(null);
      void card?.destroy();
    };
  }, [applicationId, locationId, onReady]);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {status === 'loading' ? <CardFormLoading /> : null}
      {typeof status === 'object' ? <FormError>{status.failure}</FormError> : null}
      <div ref={containerRef} data-square-card className="min-w-0" />
    </div>
  );
}
