import { ERRORS, type CodeRedeemedResponse } from '@questfield/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, failureText } from '@/lib/api-client';
import { applyBalance } from '@/lib/balance';
import type { SessionUser } from '@/lib/session';

/**
 * The session user after a redemption, as Users/Me would now answer: the balance the server
 * answered, and the code's label added to the redeemed codes.
 * @internal Exported for tests.
 */
export function redeemedUser(user: SessionUser, answer: CodeRedeemedResponse): SessionUser {
  return {
    ...user,
    credits: answer.credits,
    redeemedCodes: [...user.redeemedCodes, { code: answer.item.name }],
  };
}

/**
 * A redeemed code in the page: the header's Credits take the answered balance at once, the code
 * joins the redeemed ones, and the credit history and orders (a Game Pass's state, the
 * soundtracks it unlocks) are asked again.
 */
export function applyRedemption(client: QueryClient, answer: CodeRedeemedResponse): void {
  applyBalance(client, answer.credits, (user) => redeemedUser(user, answer));
}

/** The redeem modal (spec §5): the server's message, else 'Redeem failed'. */
export function modalFailureText(error: unknown): string {
  return failureText(error, ERRORS.REDEEM_FAILED.message);
}

/**
 * /experience-card (spec §5): 'Invalid code.' for an unknown code, 'This code has already been
 * redeemed.' for a used one, the server's own message when it asks to wait (429), and 'Failed to
 * redeem code. Please try again.' for anything else (no answer, a server error).
 */
export function cardFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (
      error.code === 'CODE_INVALID' ||
      error.code === 'CODE_ALREADY_REDEEMED' ||
      error.code === 'CODE_REQUIRED'
    ) {
      return ERRORS[error.code].message;
    }
    if (error.status === 429) return failureText(error, ERRORS.CODE_ATTEMPTS_LIMITED.message);
  }
  return ERRORS.CODE_REDEEM_FAILED.message;
}
