import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Users/RequestRecoveryCode: always the same answer, whether or not the address exists. */
function requestRecoveryCode(body: { email: string }) {
  return callApi('usersRequestRecoveryCode', body);
}

export function useRequestRecoveryCodeMutation(onSent: (email: string) => void) {
  return useMutation({
    mutationFn: requestRecoveryCode,
    onSuccess: (_answer, body) => onSent(body.email),
  });
}
