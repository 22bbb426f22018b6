import { useQuery } from '@tanstack/react-query';

/** How long the channel may take to answer before the page says it cannot be reached. */
const PROBE_TIMEOUT_MS = 8_000;

/**
 * Whether the channel's address answers at all: a frame gives no sign of a failed load (its
 * error page loads too), so the page asks the address first, with an opaque request that only
 * tells whether anything answered. Asked again when the browser comes back online, or on
 * `refetch`.
 */
export function useChannelAnswers(url: string | undefined) {
  return useQuery({
    queryKey: ['live-channel', url],
    queryFn: async ({ signal }) => {
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal.addEventListener('abort', abort);
      const timer = setTimeout(abort, PROBE_TIMEOUT_MS);
      try {
        await fetch(url ?? '', { mode: 'no-cors', credentials: 'omit', signal: controller.signal });
        return true;
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      }
    },
    enabled: url !== undefined,
    // Offline too: the failure is the answer the page needs.
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
  });
}
