import { codeRedeemedMessage, type CodeRedeemedResponse } from '@questfield/contract';

/** The answer of a redeemed code: 16 credits added, `balance` the new balance. */
export function redeemedAnswer(balance: number, label = 'Game Pass …0001'): CodeRedeemedResponse {
  const at = '2026-06-01T12:00:00.000Z';
  return {
    message: codeRedeemedMessage(16),
    credits: balance,
    item: {
      id: 'item-1',
      name: label,
      redeemedat: at,
      redeemedAt: at,
      RedeemedAt: at,
      redeemedby: 'ada',
      scheduledSessions: [],
    },
  };
}

export { deferred, headerCredits, refusal } from '@/testing/answers';
