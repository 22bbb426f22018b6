/**
 * HTTP side of bookings (spec §4, §5, §7 Events/*, Items/*AccessCode): the slots of a day,
 * booking one, the player's next game, joining a live game by its access code, giving a seat
 * back (Events/CancelRegistration, ADR 0029), a seat for the calendar (Events/Calendar) and
 * whether a day is closed, with the operator's reason (Events/DayStatus).
 * Identity, email and phone come from the session; the spec's body fields for them are accepted
 * and ignored.
 */
import {
  dayStatusQuery,
  type GameData,
  type RegisterEventResponse,
  type UserEvent,
} from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf, sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import { toAvailableTime } from './available-time';
import type { Booking, BookingCaller, PlayerGame, SlotView } from './bookings.service';

function callerOf(request: FastifyRequest): BookingCaller {
  const { userId, account } = sessionOf(request);
  return { userId, player: account, ip: request.ip, log: request.log };
}

/**
 * Spec §3 game data: the start in UTC as 'YYYY-MM-DD HH:MM:SS', where a finished game sends the
 * player (the results: the dashboard's leaderboard) and home.
 */
function gameDataOf(slot: SlotView, env: Env): GameData {
  return {
    gametime: slot.startsAt.toISOString().slice(0, 19).replace('T', ' '),
    eventid: slot.eventId,
    gamelength: slot.lengthMinutes,
    redirecturl: new URL('/dashboard', env.publicOrigin).toString(),
    homeurl: new URL('/', env.publicOrigin).toString(),
  };
}

export function registerBookingsRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  /** The seat's game ticket (the games module's), valid until the game ends. */
  const ticketOf = (userId: string, game: PlayerGame) =>
    services.games.ticketFor({ userId, ...game });

  const toRegistered = async (
    request: FastifyRequest,
    booking: Booking,
  ): Promise<RegisterEventResponse> => ({
    EventTime: booking.startsAt.toISOString(),
    gamedata: gameDataOf(booking, env),
    accessCode: booking.accessCode,
    credits: booking.balance,
    repeated: booking.repeated,
    ticket: await ticketOf(sessionUserId(request), booking),
    registrationId: booking.registrationId,
    cancelCutoffMinutes: await services.settings.cancelCutoffMinutes(),
  });

  const toUserEvent = async (
    userId: string,
    game: PlayerGame,
    cancelCutoffMinutes: number,
  ): Promise<UserEvent> => ({
    EventTime: game.startsAt.toISOString(),
    EventName: env.districtName,
    event_id: game.eventId,
    EventLength: game.lengthMinutes,
    accessCode: game.accessCode,
    ticket: await ticketOf(userId, game),
    registrationId: game.registrationId,
    cancelCutoffMinutes,
  });

  app.route({
    ...apiRoute('eventsAvailableTimes'),
    handler: async (request) =>
      (await services.bookings.listDay(request.body.date)).map(toAvailableTime),
  });

  // A GET, its day the query string's, checked like a body (a 400 naming the field). The
  // spec's Events/GetAvailableEventTimes answer stays the array of slots it always was.
  const dayStatus = apiRoute('eventsDayStatus');
  app.route({
    ...dayStatus,
    schema: { ...dayStatus.schema, querystring: dayStatusQuery },
    handler: (request) => services.bookings.dayStatus(request.query.date),
  });

  app.route({
    ...apiRoute('eventsRegister'),
    handler: async (request) => {
      const { EventTime, timeZone, seats = 1 } = request.body;
      const caller = callerOf(request);
      const startsAt = new Date(EventTime);
      // More than one seat: a party, the leader's seat and its guests' (ADR 0065).
      if (seats > 1) {
        const booking = await services.parties.book(caller, startsAt, seats, timeZone);
        return { ...(await toRegistered(request, booking)), party: booking.party };
      }
      return toRegistered(request, await services.bookings.book(caller, startsAt, timeZone));
    },
  });

  app.route({
    ...apiRoute('partiesMine'),
    handler: async (request) => ({
      parties: await services.parties.mine(sessionUserId(request)),
    }),
  });

  app.route({
    ...apiRoute('partiesInvite'),
    handler: (request) => services.parties.invite(request.body.invite),
  });

  app.route({
    ...apiRoute('partiesClaim'),
    handler: async (request) => {
      const { invite, timeZone } = request.body;
      return toRegistered(
        request,
        await services.parties.claim(callerOf(request), invite, timeZone),
      );
    },
  });

  app.route({
    ...apiRoute('itemsGameByAccessCode'),
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
    handler: async (request) => {
      const { accessCode, timeZone } = request.body;
      const booking = await services.bookings.joinByAccessCode(
        callerOf(request),
        accessCode,
        timeZone,
      );
      return toRegistered(request, booking);
    },
  });

  app.route({
    ...apiRoute('eventsCheckUserEvent'),
    handler: async (request) => {
      const userId = sessionUserId(request);
      const [games, cutoff] = await Promise.all([
        services.bookings.liveOrUpcoming(userId, request.body.hours),
        services.settings.cancelCutoffMinutes(),
      ]);
      return Promise.all(games.map((game) => toUserEvent(userId, game, cutoff)));
    },
  });

  app.route({
    ...apiRoute('eventsCancel'),
    handler: async (request) => {
      const done = await services.cancellation.cancel(
        callerOf(request),
        request.body.registrationId,
      );
      return {
        registrationId: done.registrationId,
        EventTime: done.startsAt?.toISOString() ?? null,
        refunded: done.refunded,
        credits: done.balance,
        repeated: done.repeated,
      };
    },
  });

  app.route({
    ...apiRoute('eventsCalendar'),
    handler: (request) =>
      services.bookings.seatCalendar(sessionUserId(request), request.body.registrationId),
  });
}
