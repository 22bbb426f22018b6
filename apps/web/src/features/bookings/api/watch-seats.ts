import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AVAILABLE_TIMES_QUERY_KEY } from './get-available-times';
import { watchApi } from '@/lib/api-client';

/** How often a day is asked for again when its live stream cannot be opened. */
const FALLBACK_REFETCH_MS = 15_000;

/**
 * Events/SeatStream: keeps the shown day's slots (the available-times query) live while the
 * booking modal is open: every change of that day's seats, made by anyone, replaces them.
 * Returns how often to ask for the day instead: never while live, FALLBACK_REFETCH_MS once
 * the stream has given up.
 */
export function useLiveSeats(date: string | null): number | false {
  const client = useQueryClient();
  const [gaveUp, setGaveUp] = useState<string | null>(null);
  useEffect(() => {
    if (date === null) return undefined;
    return watchApi(
      'eventsSeatStream',
      { date },
      {
        onEvent: (slots) => client.setQueryData([...AVAILABLE_TIMES_QUERY_KEY, date], slots),
        onGiveUp: () => setGaveUp(date),
      },
    );
  }, [client, date]);
  return date !== null && gaveUp === date ? FALLBACK_REFETCH_MS : false;
}
