import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A new secret (QR code and key) for an account without two-factor, after its password. */
function setupTwoFactor(body: { password: string }) {
  return callApi('consoleTwoFactorSetup', body);
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
