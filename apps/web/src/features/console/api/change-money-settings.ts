import type { MoneySettingsCommand } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_KEY } from './get-settings';
import { callApi } from '@/lib/api-client';

/**
 * What money staff and the console may move: the grant limit per action, or the money limits of
 * a venue day (asks for the password and a code again).
 */
function changeMoneySettings(command: MoneySettingsCommand) {
  return callApi('consoleStaffCreditLimit', command);
}

export function useChangeMoneySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMoneySettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
