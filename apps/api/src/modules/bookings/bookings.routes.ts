/**
 * HTTP side of bookings (spec §4, §5, §7 Events/*, Items/*AccessCode): the slots of a day,
 * booking one, the player's next game, and joining a live game by its access code. Identity, email and phone come from the session; the spec's body fields
 * for them are accepted and ignored.
 */
import type {
  AvailableTime,
  GameData,
  RegisterEventResponse,
  UserEvent,
} from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../index';
import type { Booking, BookingCaller, PlayerGame, SlotView } from './bookings.service';

function callerOf(request: FastifyRequest): BookingCaller {
  return { userId: sessionUserId(request), ip: request.ip, log: request.log };
}

const toAvailableTime = (slot: SlotView): AvailableTime => ({
  EventTime: slot.startsAt.toISOString(),
  SpotsAvailable: slot.spotsAvailable,
  Capacity: slot.capacity,
  event_id: slot.eventId,
});

/** Spec §3 game data: the start in UTC as 'YYYY-MM-DD HH:MM:SS', the game page and home. */
function gameDataOf(slot: SlotView, env: Env): GameData {
  return {
    gametime: slot.startsAt.toISOString().slice(0, 19).replace('T', ' '),
    eventid: slot.eventId,
    gamelength: slot.lengthMinutes,
    redirecturl: new URL('/game', env.publicOrigin).toString(),
    homeurl: new URL('/', env.publicOrigin).toString(),
  };
}

const toRegistered = (booking: Booking, env: Env): RegisterEventResponse => ({
  EventTime: booking.startsAt.toISOString(),
  gamedata: gameDataOf(booking, env),
  accessCode: booking.accessCode,
  credits: booking.balance,
  repeated: booking.repeated,
});

const toUserEvent = (game: PlayerGame, env: Env): UserEvent => ({
  EventTime: game.startsAt.toISOString(),
  EventName: env.districtName,
  event_id: game.eventId,
  EventLength: game.lengthMinutes,
  accessCode: game.accessCode,
});

export function registerBookingsRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  app.route({
    ...apiRoute('eventsAvailableTimes'),
    handler: async (request) =>
      (await services.bookings.listDay(request.body.date)).map(toAvailableTime),
  });

  app.route({
    ...apiRoute('eventsRegister'),
    handler: async (request) => {
      const startsAt = new Date(request.body.EventTime);
      return toRegistered(await services.bookings.book(callerOf(request), startsAt), env);
    },
  });

  app.route({
    ...apiRoute('itemsSessionByAccessCode'),
    handler: async (request) => {
      const slot = await services.bookings.findByAccessCode(
        callerOf(request),
        request.body.accessCode,
      );
      return [
        {
          date: slot.startsAt.toISOString(),
          roomName: env.districtName,
          eventId: slot.eventId,
          spotsAvailable: slot.spotsAvailable,
        },
      ];
    },
  });

  app.route({
    ...apiRoute('itemsJoinByAccessCode'),
    handler: async (request) =>
      toRegistered(
        await services.bookings.joinByAccessCode(callerOf(request), request.body.accessCode),
        env,
      ),
  });

  app.route({
    ...apiRoute('eventsCheckUserEvent'),
    handler: async (request) => {
      const games = await services.bookings.liveOrUpcoming(
        sessionUserId(request),
        request.body.hours,
      );
      return games.map((game) => toUserEvent(game, env));
    },
  });
}
