import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WAITLIST_QUERY_KEY } from './get-waitlist';
import { listenLive } from './live-stream';

/**
 * The player's offers, live (ADR 0061): while a signed-in player's page is open, a seat offered
 * to them (in any server process) has their places asked for again at once, so the offer banner
 * shows it without waiting for its 15-second poll, which stays as the fallback when the stream
 * cannot be opened (too many tabs, signed out, no EventSource). The offers ride the tab's one
 * stream (live-stream.ts, ADR 0063).
 */
export function useLiveOffers(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null) return undefined;
    // The poll (useWaitlist) carries on by itself when the stream gives up.
    return listenLive({
      date: null,
      onOffer: () => void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
    });
  }, [client, userId]);
}
