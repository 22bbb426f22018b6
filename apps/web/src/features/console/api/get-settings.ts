import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Every setting of the settings screen, as stored now. */
function getSettings(signal?: AbortSignal) {
  return callApi('consoleSettings', undefined, { signal });
}

export const SETTINGS_KEY = ['console-settings'] as const;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  });
