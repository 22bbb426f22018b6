import type { SettingsChangeCommand } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_KEY } from './get-settings';
import { callApi } from '@/lib/api-client';

/** An admin's switch of multiplayer, or change to the venue networks (the command line's own). */
function changeSettings(command: SettingsChangeCommand) {
  return callApi('consoleSettingsChange', command);
}

export function useChangeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSettings,
    // Pending until the screen has read the settings again, so it never shows the old value.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
