import {
  clockText,
  DEFAULT_HOUR_CYCLE,
  type HourCycle,
  type VenueClock,
  type VenueDetails,
} from '@questfield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from './api-client';
import { browserTimeZone } from './time-zone';
import { useBrowserValue } from '@/hooks/use-browser-value';

/** Which date goes before the time (the contract's clock): none, 'Sat, Nov 29', or in full. */
export type ClockDate = 'none' | 'short' | 'long';

/** A time as one line of text (useClockText). */
export type ClockText = (at: string, date?: ClockDate, pending?: string) => string;

/** What a time shows before the venue's clock is known: never the browser's time unnamed. */
export const CLOCK_PENDING = '…';

/** GET /api/Venue: the venue's details, its clock among them. */
function getVenue(signal?: AbortSignal) {
  return callApi('venue', undefined, { signal });
}

const clockOf = (venue: VenueDetails): VenueClock => ({
  timeZone: venue.timeZone,
  hourCycle: venue.hourCycle,
});

/** The venue's details' place in the query cache: an admin's change of them is put there at once. */
export const VENUE_KEY = ['venue'] as const;

/**
 * The venue's details, one query for every reader (each picks its part with `select`): its zone
 * changes with the server's configuration, its name and hour cycle with a setting.
 */
const venueQueryOptions = <T>(select: (venue: VenueDetails) => T) =>
  queryOptions({
    queryKey: VENUE_KEY,
    queryFn: ({ signal }) => getVenue(signal),
    select,
    staleTime: 5 * 60_000,
  });

const venueClockQueryOptions = () => venueQueryOptions(clockOf);

const nameOf = (venue: VenueDetails) => venue.name;

/** The venue's name (its details setting); undefined while it loads or when it cannot be read. */
export function useVenueName(): string | undefined {
  return useQuery(venueQueryOptions(nameOf)).data;
}

/** The browser's zone, read once hydrated (a prerendered page knows none). */
const readViewerZone = () => browserTimeZone() ?? null;

/**
 * The clock every time on screen is written on (issue "One clock, named"): the venue's zone and
 * hour cycle (GET /api/Venue, fresh for minutes), and the viewer's own zone, shown beside it
 * where it reads otherwise. `clock` is null while the venue's is loading; when it cannot be
 * read, times show on the viewer's own clock, its zone named, and nothing beside them.
 */
export function useVenueClock(): { clock: VenueClock | null; viewerZone: string | undefined } {
  const venue = useQuery(venueClockQueryOptions());
  const viewerZone = useBrowserValue(readViewerZone, null) ?? undefined;
  if (venue.data) return { clock: venue.data, viewerZone };
  if (venue.isError) {
    return {
      clock: { timeZone: viewerZone ?? 'UTC', hourCycle: DEFAULT_HOUR_CYCLE },
      viewerZone: undefined,
    };
  }
  return { clock: null, viewerZone };
}

/**
 * A time as one line of text, for what cannot hold markup (a button's label, a notice, a
 * dialog's words): 'Sat, Nov 29, 6:00 PM EST (5:00 PM CST your time)'. While the venue's clock
 * loads: `pending` (words the screen already has), else CLOCK_PENDING.
 */
export function useClockText(): ClockText {
  const { clock, viewerZone } = useVenueClock();
  return useCallback(
    (at, date = 'none', pending = CLOCK_PENDING) =>
      clock === null ? pending : clockText(at, clock, viewerZone, { date }),
    [clock, viewerZone],
  );
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A time of day on the venue's wall clock with no date ('18:30' of the venue's week), in its hour
 * cycle, written as the contract's clock writes times: '6:30 PM' or '18:30'.
 */
function wallClockText(time: string, hourCycle: HourCycle): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (hourCycle === '24') return `${two(hours)}:${two(minutes)}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${two(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A wall-clock time of the venue's week ('HH:MM') in its hour cycle; until the venue's clock is
 * known, as the server wrote it.
 */
export function useWallClockText(): (time: string) => string {
  const { clock } = useVenueClock();
  return useCallback(
    (time) => (clock === null ? time : wallClockText(time, clock.hourCycle)),
    [clock],
  );
}
