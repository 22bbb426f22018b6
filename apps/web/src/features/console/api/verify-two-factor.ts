import type { TwoFactorVerifyRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { useConsoleSessionAnswer } from './get-console-session';
import { callApi } from '@/lib/api-client';

/** The session's check: a current code or a recovery code; the answer is the new session. */
function verifyTwoFactor(body: TwoFactorVerifyRequest) {
  return callApi('consoleTwoFactorVerify', body);
}

export function useVerifyTwoFactor(userId: string) {
  const answered = useConsoleSessionAnswer(userId);
  return useMutation({ mutationFn: verifyTwoFactor, onSuccess: answered });
}
