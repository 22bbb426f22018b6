import { PURCHASE_INTENT_WINDOW_MS } from '@questfield/contract';

/**
 * A visitor's 'Join', kept in memory while they sign in (sign-in is a dialog of this page): the
 * booking modal opens once they are signed in, if that is within the 5 minutes a purchase intent
 * lasts (spec §4), and not otherwise.
 */
export function isFreshIntent(startedAt: number | null, now = Date.now()): boolean {
  if (startedAt === null) return false;
  const age = now - startedAt;
  return age >= 0 && age < PURCHASE_INTENT_WINDOW_MS;
}
