import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A slot's access code, shown to the operator who asked (the asking is audited). */
function showAccessCode(slot: { day: string; time: string }) {
  return callApi('consoleSlotAccessCode', slot);
}

export function useShowAccessCode() {
  return useMutation({ mutationFn: showAccessCode });
}
