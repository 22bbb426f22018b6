import type { AvailableTime, WaitlistState } from '@questfield/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AVAILABLE_TIMES_QUERY_KEY } from './get-available-times';
import { WAITLIST_QUERY_KEY } from './get-waitlist';
import { listenLive } from './live-stream';

/** How often a day is asked for again when its live stream cannot be opened. */
const FALLBACK_REFETCH_MS = 15_000;

/**
 * A change of a game the player waits on (or holds an offer on) may move their place or bring
 * an offer: their places are asked again at once (any other change costs no request).
 */
function refreshWaitlistOf(client: QueryClient, slots: AvailableTime[]): void {
  const starts = new Set(slots.map((slot) => slot.EventTime));
  const states = client.getQueriesData<WaitlistState>({ queryKey: WAITLIST_QUERY_KEY });
  const waiting = states.some(([, state]) =>
    state?.entries.some((entry) => starts.has(entry.EventTime)),
  );
  if (waiting) void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
}

/**
 * Events/SeatStream: keeps the shown day's slots (the available-times query) live while the
 * booking modal is open: every change of that day's seats, made by anyone, replaces them, and
 * the player's place in a line of that day is asked again (refreshWaitlistOf). The day rides
 * the tab's one stream (live-stream.ts, ADR 0063); the modal listens once, for the day it shows.
 * Returns how often to ask for the day instead: never while live, FALLBACK_REFETCH_MS once
 * the stream has given up.
 */
export function useLiveSeats(date: string | null): number | false {
  const client = useQueryClient();
  const [gaveUp, setGaveUp] = useState<string | null>(null);
  useEffect(() => {
    if (date === null) return undefined;
    return listenLive({
      date,
      onSlots: (slots) => {
        client.setQueryData([...AVAILABLE_TIMES_QUERY_KEY, date], slots);
        refreshWaitlistOf(client, slots);
      },
      onGiveUp: () => setGaveUp(date),
    });
  }, [client, date]);
  return date !== null && gaveUp === date ? FALLBACK_REFETCH_MS : false;
}
