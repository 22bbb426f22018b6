/**
 * HTTP side of the waitlist (ADR 0034): the signed-in player's places and offers
 * (Waitlist/Mine), joining and leaving a full game's line, and accepting or declining a seat
 * offered. The game is named by its start; the player always comes from the session.
 */
import type { FastifyRequest } from 'fastify';
import { apiRoute } from '../../lib/api-route';
import type { WaitlistEntry } from '@questfield/contract';
import type { ZodApp } from '../../lib/zod-app';
import { sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import type { BookingCaller } from './bookings.service';

function callerOf(request: FastifyRequest): BookingCaller {
  return { userId: sessionUserId(request), ip: request.ip, log: request.log };
}

export function registerWaitlistRoutes(app: ZodApp, { services }: ModuleContext): void {
  const { waitlist, settings } = services;

  /** The player's places and offers, with the hold an offer would have now. */
  const stateOf = async (entries: Promise<WaitlistEntry[]>) => {
    const [listed, holdMinutes] = await Promise.all([entries, settings.waitlistHold()]);
    return { entries: listed, holdMinutes };
  };

  app.route({
    ...apiRoute('waitlistMine'),
    handler: (request) => stateOf(waitlist.entriesOf(sessionUserId(request))),
  });

  app.route({
    ...apiRoute('waitlistJoin'),
    handler: (request) => {
      const { EventTime, timeZone } = request.body;
      return stateOf(waitlist.join(callerOf(request), new Date(EventTime), timeZone));
    },
  });

  app.route({
    ...apiRoute('waitlistLeave'),
    handler: (request) =>
      stateOf(waitlist.leave(callerOf(request), new Date(request.body.EventTime))),
  });

  app.route({
    ...apiRoute('waitlistDecline'),
    handler: (request) =>
      stateOf(waitlist.decline(callerOf(request), new Date(request.body.EventTime))),
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
