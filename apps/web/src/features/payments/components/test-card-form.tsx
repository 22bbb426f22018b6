import { sandboxNonceFor, type CardEntry } from '@questfield/contract';
import { useCallback, useEffect, type ChangeEvent } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { CardEntryError, type CardFormProps } from '../card/card-tokenizer';
import { Field } from '@/components/ui/form';
import { paymentsCopy } from '@/features/payments/copy';

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * '4111111111111111' → '4111 1111 1111 1111' as it is typed.
 * @internal Exported for tests.
 */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * '1230' → '12/30' as it is typed (phone keypads have no slash).
 * @internal Exported for tests.
 */
export function formatExpiry(value: string): string {
  const typed = digits(value).slice(0, 4);
  return typed.length > 2 ? `${typed.slice(0, 2)}/${typed.slice(2)}` : typed;
}

/** Rewrites the input's value before react-hook-form reads it. */
function formatted(field: UseFormRegisterReturn, format: (value: string) => string) {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  };
}

/**
 * PAYMENT_PROVIDER=test: our own card fields, since no Square frame can load offline. Square's
 * sandbox test cards become Square's test nonces (`sandboxNonceFor`): 4111 1111 1111 1111 pays,
 * 4000 0000 0000 0002 is declined, CVV 911 and postal code 99999 fail their checks. Only the nonce
 * leaves this form.
 */
export default function TestCardForm({ onReady }: CardFormProps) {
  const form = useForm<CardEntry>({
    defaultValues: { number: '', expiry: '', cvv: '', postalCode: '' },
  });
  const { errors } = form.formState;

  const tokenize = useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        void form.handleSubmit(
          (values) => {
            const result = sandboxNonceFor(values, new Date());
            if (result.ok) {
              resolve(result.token);
              return;
            }
            form.setError(result.field, { message: result.message }, { shouldFocus: true });
            reject(new CardEntryError());
          },
          () => reject(new CardEntryError()),
        )();
      }),
    [form],
  );

  useEffect(() => {
    onReady({ tokenize });
    return () => onReady(null);
  }, [onReady, tokenize]);

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="sr-only">{paymentsCopy.cardFieldsLegend}</legend>
      <p className="rounded-xl border border-white/10 bg-white/5 px-4 py-2.5 text-sm text-mist-300">
        {paymentsCopy.testModeNote}
      </p>
      <Field
        label={paymentsCopy.cardNumberLabel}
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        data-card-field
        error={errors.number?.message}
        {...formatted(
          form.register('number', { required: paymentsCopy.enterCardNumber }),
          formatCardNumber,
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label={paymentsCopy.expiryLabel}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={paymentsCopy.expiryPlaceholder}
          maxLength={5}
          error={errors.expiry?.message}
          {...formatted(
            form.register('expiry', {
              required: paymentsCopy.enterExpiry,
              pattern: { value: /^\d{2}\/\d{2}$/, message: paymentsCopy.enterExpiry },
            }),
            formatExpiry,
          )}
        />
        <Field
          label={paymentsCopy.cvvLabel}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          error={errors.cvv?.message}
          {...formatted(
            form.register('cvv', {
              required: paymentsCopy.enterCvv,
              pattern: { value: /^\d{3,4}$/, message: paymentsCopy.enterCvv },
            }),
            digits,
          )}
        />
      </div>
      <Field
        label={paymentsCopy.postalCodeLabel}
        autoComplete="postal-code"
        maxLength={10}
        error={errors.postalCode?.message}
        {...form.register('postalCode', {
          required: paymentsCopy.enterPostalCode,
          validate: (value) => value.trim().length >= 3 || paymentsCopy.enterPostalCode,
        })}
      />
    </fieldset>
  );
}
