import { ERRORS } from '@questfield/contract';
import { ApiError, failureText } from '@/lib/api-client';

const SPEC_REFUSALS = [
  'ACCESS_CODE_REQUIRED',
  'ACCESS_CODE_INVALID',
  'ACCESS_CODE_EXPIRED',
  'CODE_ATTEMPTS_LIMITED',
  'MULTIPLAYER_DISABLED',
] as const;

function specRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = SPEC_REFUSALS.find((known) => known === error.code);
  return code ? ERRORS[code].message : null;
}

/**
 * The lookup on /game (spec §5): 'Invalid access code.', 'This access code is expired.', else
 * the server's message, else 'Get session by access code failed'.
 */
export function lookupFailureText(error: unknown): string {
  return specRefusal(error) ?? failureText(error, ERRORS.ACCESS_CODE_LOOKUP_FAILED.message);
}

/** The join: one of the spec's refusals, else 'Failed to join experience. Please try again.' */
export function joinFailureText(error: unknown): string {
  return specRefusal(error) ?? ERRORS.JOIN_FAILED.message;
}

export function isNotEnoughCredits(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_ENOUGH_CREDITS';
}
