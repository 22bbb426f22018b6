import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WAITLIST_QUERY_KEY } from './get-waitlist';
import { watchApi } from '@/lib/api-client';

/**
 * Waitlist/Stream (ADR 0061): while a signed-in player's page is open, a seat offered to them
 * (in any server process) has their places asked for again at once, so the offer banner shows
 * it without waiting for its 15-second poll, which stays as the fallback when the stream
 * cannot be opened (too many tabs, signed out, no EventSource). One stream per tab.
 */
export function useLiveOffers(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null) return undefined;
    return watchApi(
      'waitlistStream',
      {},
      {
        onEvent: () => void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
        // The poll (useWaitlist) carries on by itself.
        onGiveUp: () => {},
      },
    );
  }, [client, userId]);
}
