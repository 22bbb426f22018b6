import { lazy, Suspense } from 'react';
import type { CardFormProps } from '../card/card-tokenizer';
import { CardFormLoading } from './card-form-loading';
import { FormError } from '@/components/ui/form';
import { paymentsCopy } from '@/features/payments/copy';
import { usePublicConfig } from '@/lib/public-config';

// Each provider's form is its own chunk, loaded only when a purchase dialog opens with it.
const TestCardForm = lazy(() => import('./test-card-form'));
const SquareCardForm = lazy(() => import('./square-card-form'));

/** The card form of the provider the server names (GET /api/config). */
export function CardForm({ onReady }: CardFormProps) {
  const config = usePublicConfig();
  if (config.isPending) return <CardFormLoading />;
  if (config.isError) return <FormError>{paymentsCopy.cardFormUnavailable}</FormError>;
  const { paymentProvider, squareApplicationId, squareLocationId } = config.data;
  return (
    <Suspense fallback={<CardFormLoading />}>
      {paymentProvider === 'square' ? (
        <SquareCardForm
          applicationId={squareApplicationId}
          locationId={squareLocationId}
          onReady={onReady}
        />
      ) : (
        <TestCardForm onReady={onReady} />
      )}
    </Suspense>
  );
}
