import type { SettingsChangeCommand, VenueDetails } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_KEY } from './get-settings';
import { callApi } from '@/lib/api-client';
import { VENUE_KEY } from '@/lib/venue-clock';

/** An admin's switch of multiplayer, or change to the venue networks (the command line's own). */
function changeSettings(command: SettingsChangeCommand) {
  return callApi('consoleSettingsChange', command);
}

export function useChangeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSettings,
    onSuccess: (result) => {
      // The venue's details as saved, for every screen that names the venue or reads its clock
      // (the console's bar, every time shown): read again, GET /api/Venue may come from the
      // browser's cache for a minute.
      if (result.command === 'settings venue')
        queryClient.setQueryData<VenueDetails>(VENUE_KEY, result.venue);
      // Pending until the screen has read the settings again, so it never shows the old value.
      return queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
  });
}
