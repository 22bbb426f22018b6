/** The payment provider PAYMENT_PROVIDER names, built once at start-up. */
import type { PaymentSettings } from '../../config/env';
import type { PaymentProvider } from './provider';
import { createSquarePaymentProvider } from './square-provider';
import { createTestPaymentProvider } from './test-provider';

export function createPaymentProvider(settings: PaymentSettings): PaymentProvider {
  return settings.provider === 'test'
    ? createTestPaymentProvider()
    : createSquarePaymentProvider({
        accessToken: settings.accessToken,
        environment: settings.environment,
        locationId: settings.locationId,
      });
}
