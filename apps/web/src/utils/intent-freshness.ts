import { PURCHASE_INTENT_WINDOW_MS } from '@questfield/contract';

/**
 * Whether an intent started at `startedAt` (a purchase kept in sessionStorage, a booking's
 * 'Join') may still be resumed after sign-in (spec §4): under 5 minutes old. A time in the
 * future was not written by this page's clock, so it is not fresh either.
 */
export function isFreshIntent(startedAt: number, now = Date.now()): boolean {
  const age = now - startedAt;
  return age >= 0 && age < PURCHASE_INTENT_WINDOW_MS;
}
