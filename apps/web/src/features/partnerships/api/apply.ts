import type { PartnershipApplyRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * Partnerships/Apply: the server stores the application and sends both mails itself. The
 * honeypot (`website`) goes along only when something filled it in.
 */
function applyForPartnership({ website, ...fields }: PartnershipApplyRequest) {
  return callApi('partnershipsApply', website ? { ...fields, website } : fields);
}

export function useApplyMutation() {
  return useMutation({ mutationFn: applyForPartnership });
}
