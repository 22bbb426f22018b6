/**
 * GET /api/Events/SeatStream[?date=YYYY-MM-DD]: a signed-in tab's one live stream (ADR 0063).
 * It carries the player's offers (offer-signals.ts, ADR 0061) always and, with a date, that
 * day's slots while the booking modal shows it (seat-stream.ts, ADR 0030): one connection per
 * tab, of the six a browser keeps per origin. Refusals come before the stream opens, as JSON
 * like any other route's: a foreign Origin (request-guards.ts), a bad date, a day in the past,
 * too many streams open for the player, the session or the address (429) or the process (503).
 */
import { seatStreamQuery } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import { fail } from '../../lib/app-error';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import type { ModuleContext } from '../module-context';

/** The offer event (the contract's offerStreamEvent), as sent: it carries nothing else. */
const OFFERED = JSON.stringify({ offered: true });

export function registerSeatStreamRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('eventsSeatStream'),
    // The day's JSON is made once per change for every viewer: sent as it is.
    sse: { kind: 'only', serializer: String },
    handler: async (request, reply) => {
      const query = seatStreamQuery.safeParse(request.query);
      if (!query.success) fail('VALIDATION_FAILED');
      const session = sessionOf(request);
      const send = (event: { id?: string; data: string }) => {
        reply.sse.send(event).catch(() => reply.sse.close());
      };
      const end = () => reply.sse.close();
      // The player's offers: every tab's stream counts against the player's share of tabs.
      const offers = await services.waitlist.offerSignals.open(
        { userId: session.userId, sessionHash: session.idHash },
        { send: () => send({ data: OFFERED }), end },
      );
      if (typeof offers === 'string') fail(offers);
      let seats: { leave: () => void } | null = null;
      const { date } = query.data;
      if (date !== undefined) {
        // A day refused (in the past, or the session's share of days open) leaves nothing open.
        const opened = await services.bookings.seatStreams
          .open(date, { sessionHash: session.idHash, address: request.ip }, reply.sse.lastEventId, {
            send,
            end,
          })
          .catch((error: unknown) => {
            offers.leave();
            throw error;
          });
        if (typeof opened === 'string') {
          offers.leave();
          fail(opened);
        }
        seats = opened;
      }
      reply.sse.onClose(() => {
        offers.leave();
        seats?.leave();
      });
      reply.sse.keepAlive();
      // Headers now, so the browser's EventSource opens even when nothing is sent yet.
      reply.sse.sendHeaders();
      reply.raw.flushHeaders();
    },
  });
}
