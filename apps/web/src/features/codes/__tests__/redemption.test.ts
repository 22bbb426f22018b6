import { ERRORS } from '@questfield/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { redeemedAnswer } from './codes-test-utils';
import { applyRedemption, cardFailureText, modalFailureText, redeemedUser } from '../redemption';
import { hasCode } from '@/components/ui/form/code-field';
import { ApiError } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { testUser } from '@/testing/mock-api';

const apiError = (status: number, code: ConstructorParameters<typeof ApiError>[1]['code']) =>
  new ApiError('x', {
    status,
    code,
    ...(code in ERRORS ? { serverMessage: ERRORS[code as keyof typeof ERRORS].message } : {}),
  });

describe('a redeemed code', () => {
  it('shows at once: the balance and the code in the session (lib/balance refreshes the rest)', () => {
    const client = new QueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { ...testUser, credits: 3 });
    applyRedemption(client, redeemedAnswer(19, 'Game Pass …0001'));
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({
      ...testUser,
      credits: 19,
      redeemedCodes: [...testUser.redeemedCodes, { code: 'Game Pass …0001' }],
    });
    expect(localStorage.getItem('credits')).toBe('19');
  });

  it('gives the session user the new balance and the code among the redeemed ones', () => {
    const user = { ...testUser, credits: 3, redeemedCodes: [{ code: 'EARLIER' }] };
    expect(redeemedUser(user, redeemedAnswer(19, 'Game Pass …0001'))).toEqual({
      ...user,
      credits: 19,
      redeemedCodes: [{ code: 'EARLIER' }, { code: 'Game Pass …0001' }],
    });
  });

  it('counts letters and digits only as a code', () => {
    expect(hasCode('')).toBe(false);
    expect(hasCode('  - -\t')).toBe(false);
    expect(hasCode(' a ')).toBe(true);
  });

  it("words the modal's failures: the server's message, else 'Redeem failed'", () => {
    expect(modalFailureText(apiError(409, 'PROMO_ALREADY_REDEEMED'))).toBe(
      'You have already redeemed this code.',
    );
    expect(modalFailureText(apiError(0, 'NETWORK_ERROR'))).toBe('Redeem failed');
    expect(modalFailureText(new Error('boom'))).toBe('Redeem failed');
  });

  it("words /experience-card's failures with the spec's texts", () => {
    expect(cardFailureText(apiError(404, 'CODE_INVALID'))).toBe('Invalid code.');
    expect(cardFailureText(apiError(409, 'CODE_ALREADY_REDEEMED'))).toBe(
      'This code has already been redeemed.',
    );
    expect(cardFailureText(apiError(429, 'CODE_ATTEMPTS_LIMITED'))).toBe(
      'Too many code attempts. Please wait a minute and try again.',
    );
    // A 429 without the envelope (a proxy's) still says to wait.
    expect(cardFailureText(new ApiError('x', { status: 429, code: 'HTTP_ERROR' }))).toBe(
      'Too many code attempts. Please wait a minute and try again.',
    );
    for (const failure of [
      apiError(500, 'INTERNAL'),
      apiError(401, 'UNAUTHENTICATED'),
      apiError(0, 'NETWORK_ERROR'),
      apiError(200, 'INVALID_RESPONSE'),
      new TypeError('boom'),
    ]) {
      expect(cardFailureText(failure)).toBe('Failed to redeem code. Please try again.');
    }
  });
});
