/**
 * HTTP side of the waitlist (ADR 0034): the signed-in player's places and offers
 * (Waitlist/Mine), joining and leaving a full game's line, and accepting or declining a seat
 * offered. The game is named by its start; the player always comes from the session.
 */
import type { FastifyRequest } from 'fastify';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import type { BookingCaller } from './bookings.service';

function callerOf(request: FastifyRequest): BookingCaller {
  return { userId: sessionUserId(request), ip: request.ip, log: request.log };
}

export function registerWaitlistRoutes(app: ZodApp, { services }: ModuleContext): void {
  const { waitlist } = services;

  app.route({
    ...apiRoute('waitlistMine'),
    handler: async (request) => ({ entries: await waitlist.entriesOf(sessionUserId(request)) }),
  });

  app.route({
    ...apiRoute('waitlistJoin'),
    handler: async (request) => ({
      entries: await waitlist.join(callerOf(request), new Date(request.body.EventTime)),
    }),
  });

  app.route({
    ...apiRoute('waitlistLeave'),
    handler: async (request) => ({
      entries: await waitlist.leave(callerOf(request), new Date(request.body.EventTime)),
    }),
  });

  app.route({
    ...apiRoute('waitlistDecline'),
    handler: async (request) => ({
      entries: await waitlist.decline(callerOf(request), new Date(request.body.EventTime)),
    }),
  });

  app.route({
    ...apiRoute('waitlistAccept'),
    handler: async (request) => {
      const seat = await waitlist.accept(callerOf(request), new Date(request.body.EventTime));
      return {
        EventTime: seat.startsAt.toISOString(),
        registrationId: seat.registrationId,
        credits: seat.balance,
      };
    },
  });
}
