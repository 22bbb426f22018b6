import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Users/UpdatePassword: sets a new password with the token a verified code gave. */
function updatePassword(body: { email: string; password: string; resetToken: string }) {
  return callApi('usersUpdatePassword', body);
}

export function useUpdatePasswordMutation(onUpdated: (message: string) => void) {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (answer) => onUpdated(answer.message),
  });
}
