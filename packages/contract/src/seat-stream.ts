/**
 * Live seat counts: while the booking modal is open, GET /api/Events/SeatStream?date=… streams
 * the date's slots (the answer GetAvailableEventTimes gives) as Server-Sent Events, once on
 * opening and again whenever a seat, a capacity or a slot of that date changes in any server
 * process. Each event's id names its contents, so a browser resuming with Last-Event-ID is sent
 * the slots again only if they changed meanwhile.
 */
import { z } from 'zod';
import { availableTimesRequest, availableTimesResponse } from './events';

export const SEAT_STREAM = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
  /** Open streams at once per signed-in session… */
  perSession: 3,
  /** …and per client address (a household or an office shares one). */
  perAddress: 12,
} as const;

/** The query string: the date whose slots to stream (YYYY-MM-DD, the venue's calendar). */
export const seatStreamQuery = availableTimesRequest;

/** One event's data: the date's slots, as GetAvailableEventTimes answers. */
export const seatStreamEvent = availableTimesResponse;

/**
 * The route's answer as the route table sees it: a `text/event-stream` body of events
 * (seatStreamEvent), not JSON; its query is seatStreamQuery.
 */
export const seatStreamResponse = z.string();
