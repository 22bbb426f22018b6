/**
 * HTTP side of the waitlist (ADR 0034): the signed-in player's places and offers
 * (Waitlist/Mine), joining and leaving a full game's line (alone or as a party, ADR 0066), and
 * accepting or declining the seats offered. The game is named by its start; the player always comes from the session.
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
  const { waitlist, settings, parties } = services;

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
      const { EventTime, timeZone, seats } = request.body;
      return stateOf(waitlist.join(callerOf(request), new Date(EventTime), { seats, timeZone }));
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
      const caller = callerOf(request);
      const seat = await waitlist.accept(caller, new Date(request.body.EventTime));
      // A party's offer answers its party, as a party booking does, so its invites show at once.
      const party =
        seat.partyId === null
          ? undefined
          : (await parties.mine(caller.userId)).find((mine) => mine.partyId === seat.partyId);
      return {
        EventTime: seat.startsAt.toISOString(),
        registrationId: seat.registrationId,
        credits: seat.balance,
        ...(party === undefined ? {} : { party }),
      };
    },
  });
}
