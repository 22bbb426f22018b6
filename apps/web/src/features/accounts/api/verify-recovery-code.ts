import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Users/VerifyRecoveryCode: a right code answers a single-use reset token. */
function verifyRecoveryCode(body: { email: string; code: string }) {
  return callApi('usersVerifyRecoveryCode', body);
}

export function useVerifyRecoveryCodeMutation(onVerified: (resetToken: string) => void) {
  return useMutation({
    mutationFn: verifyRecoveryCode,
    onSuccess: (answer) => onVerified(answer.resetToken),
  });
}
