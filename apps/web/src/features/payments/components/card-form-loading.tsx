import { Spinner } from '@/components/ui/form';
import { paymentsCopy } from '@/features/payments/copy';

/** Holds the card form's place while its code or Square's loads. */
export function CardFormLoading() {
  return (
    <p role="status" className="flex min-h-24 items-center gap-3 text-sm text-mist-300">
      <Spinner />
      {paymentsCopy.cardFormLoading}
    </p>
  );
}
