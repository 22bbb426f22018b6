import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Turns two-factor on with a first code and hands out the recovery codes; the session has then
 * passed it, which the console learns (useRefreshConsoleSession) once the codes are kept.
 */
function enableTwoFactor(body: { code: string }) {
  return callApi('consoleTwoFactorEnable', body);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
