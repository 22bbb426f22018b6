import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/** GET /api/config: the server's public runtime settings (group chat, game origin, …). */
function getPublicConfig(signal?: AbortSignal) {
  return callApi('config', undefined, { signal });
}

const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * Only pages that need a runtime setting call this, so static pages never touch the API.
 * Callers must render something sensible while it loads and when it fails.
 */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
