import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_KEY } from './get-settings';
import { callApi } from '@/lib/api-client';

/** The most credits staff may move in one action (asks for the password and a code again). */
function changeStaffCreditLimit(limit: number) {
  return callApi('consoleStaffCreditLimit', { command: 'settings staff-credit-limit', limit });
}

export function useChangeStaffCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffCreditLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
