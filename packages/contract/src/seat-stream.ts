/**
 * A tab's one live stream (ADR 0030, ADR 0063): GET /api/Events/SeatStream, opened by every
 * page of a signed-in player. It is sent an event whenever a seat is offered to the player (in
 * any server process), and, with `?date=…` while the booking modal shows that day, the date's
 * slots (the answer GetAvailableEventTimes gives), once on opening and again whenever a seat, a
 * capacity or a slot of that date changes in any server process. Each slots event's id names
 * its contents, so a browser resuming with Last-Event-ID is sent the slots again only if they
 * changed meanwhile; an offer event has no id.
 */
import { z } from 'zod';
import { availableTimesRequest, availableTimesResponse } from './events';
import { offerStreamEvent } from './waitlist';

export const SEAT_STREAM = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
  /** Open streams at once per signed-in session… */
  perSession: 3,
  /** …and per client address (a household or an office shares one). */
  perAddress: 12,
} as const;

/**
 * The query string: the date whose slots to stream (YYYY-MM-DD, the venue's calendar), or none
 * for the player's offers alone.
 */
export const seatStreamQuery = availableTimesRequest.partial();

/** One event's data: the date's slots, as GetAvailableEventTimes answers, or an offer made. */
export const seatStreamEvent = z.union([availableTimesResponse, offerStreamEvent]);

/**
 * The route's answer as the route table sees it: a `text/event-stream` body of events
 * (seatStreamEvent), not JSON; its query is seatStreamQuery.
 */
export const seatStreamResponse = z.string();
