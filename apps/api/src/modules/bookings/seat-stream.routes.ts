/**
 * GET /api/Events/SeatStream?date=YYYY-MM-DD: the date's slots as Server-Sent Events while the
 * booking modal is open (seat-stream.ts, ADR 0030). Refusals come before the stream opens, as
 * JSON like any other route's: a foreign Origin (request-guards.ts), a bad date, a day in the
 * past, too many streams open for the owner (429) or the process (503).
 */
import { seatStreamQuery } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import { fail } from '../../lib/app-error';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import type { ModuleContext } from '../module-context';

export function registerSeatStreamRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('eventsSeatStream'),
    // The day's JSON is made once per change for every viewer: sent as it is.
    sse: { kind: 'only', serializer: String },
    handler: async (request, reply) => {
      const query = seatStreamQuery.safeParse(request.query);
      if (!query.success) fail('VALIDATION_FAILED');
      const owner = { sessionHash: sessionOf(request).idHash, address: request.ip };
      const stream = await services.bookings.seatStreams.open(
        query.data.date,
        owner,
        reply.sse.lastEventId,
        {
          send: ({ id, data }) => {
            reply.sse.send({ id, data }).catch(() => reply.sse.close());
          },
          end: () => reply.sse.close(),
        },
      );
      if (typeof stream === 'string') fail(stream);
      reply.sse.onClose(stream.leave);
      reply.sse.keepAlive();
      // Headers now, so the browser's EventSource opens even when nothing is sent yet.
      reply.sse.sendHeaders();
      reply.raw.flushHeaders();
    },
  });
}
