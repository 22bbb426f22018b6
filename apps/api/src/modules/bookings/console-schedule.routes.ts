/**
 * The console's venue day and week (API_ROUTES `consoleDay`, `consoleSlotChange`,
 * `consoleSlotAccessCode`, `consoleClosurePreview` for staff; `consoleWeek` to read the week, `consoleWeekChange` for
 * admins): the slots with their players, their games started or ended by the server's clock and
 * the players in their waitlist lines, held open until the day changes; slot, week and day
 * changes are the command line's own commands (schedule-admin.service.ts), so both are
 * audited alike; an access code is shown only on request, and the request is audited; a
 * closure's preview names the players it would reach before the operator chooses; a game's
 * roster (who joined, who did not: ADR 0059) and seven days of bookings at a glance; a message
 * to a game's players, previewed, then sent once per request id (ADR 0058).
 */
import type { ConsoleSlot } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import { venueTimeOf } from '../../lib/slot-schedule';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';
import { SEAT_SOURCE, type DaySlot } from './bookings.service';

export function registerConsoleScheduleRoutes(app: ZodApp, { env, services }: ModuleContext) {
  const toConsoleSlot = (slot: DaySlot): ConsoleSlot => ({
    time: venueTimeOf(slot.startsAt, env.venueTimezone),
    startsAt: slot.startsAt.toISOString(),
    booked: slot.booked,
    capacity: slot.capacity,
    open: slot.open,
    started: slot.started,
    ended: slot.ended,
    waiting: slot.waiting,
    players: slot.seats.map((seat) => ({
      id: seat.userId,
      username: seat.username,
      source: SEAT_SOURCE[seat.source],
      at: seat.at.toISOString(),
    })),
  });

  app.route({
    ...apiRoute('consoleDay'),
    handler: async (request, reply) => {
      // A held request ends when the console goes away (a closed tab, a new day picked).
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const { day, after } = request.body;
      const view = await services.bookings.consoleDay(day, after, gone.signal);
      return {
        day: view.day,
        today: view.today,
        timeZone: env.venueTimezone,
        version: view.version,
        slots: view.slots.map(toConsoleSlot),
      };
    },
  });

  app.route({
    ...apiRoute('consoleSlotChange'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      const changed = await services.scheduleAdmin.changeSlot(request.body, actor);
      const { accessCode: _shownOnRequest, ...shown } = changed.slot;
      const asked = 'cancelSeats' in request.body && request.body.cancelSeats === true;
      const withSeats =
        changed.command === 'slots close' || changed.command === 'slots set-capacity';
      if (!withSeats || !asked) return { slot: shown };
      const { cancelled, refunded, released } = changed;
      return { slot: shown, closure: { cancelled, refunded, released } };
    },
  });

  app.route({
    ...apiRoute('consoleClosurePreview'),
    handler: async (request) =>
      services.scheduleAdmin.closurePreview(
        request.body.day,
        request.body.time,
        request.body.capacity,
      ),
  });

  // A message to a game's players (game-message.service.ts): previewed, then sent once.
  app.route({
    ...apiRoute('consoleGameMessagePreview'),
    handler: async (request) => services.gameMessages.preview(request.body),
  });

  app.route({
    ...apiRoute('consoleGameMessageSend'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      return services.gameMessages.send(request.body, actor);
    },
  });

  app.route({
    ...apiRoute('consoleWeek'),
    handler: async () => {
      const { week, blocked } = await services.scheduleAdmin.show();
      return { week, blocked };
    },
  });

  app.route({
    ...apiRoute('consoleWeekChange'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      return services.scheduleAdmin.changeSchedule(request.body, actor);
    },
  });

  app.route({
    ...apiRoute('consoleRoster'),
    handler: async (request) => {
      const { day, time } = request.body;
      const roster = await services.bookings.roster(day, time);
      // The roster shows the game's access code: asked for, and audited, like the day's button.
      const actor = operatorActor(sessionOf(request), request.ip);
      const accessCode = await services.scheduleAdmin.accessCode({ day, time }, actor);
      return {
        day,
        time,
        timeZone: env.venueTimezone,
        startsAt: roster.startsAt.toISOString(),
        endsAt: roster.endsAt.toISOString(),
        capacity: roster.capacity,
        open: roster.open,
        accessCode,
        noShowFrom: roster.noShowFrom.toISOString(),
        graceMinutes: roster.graceMinutes,
        counts: roster.counts,
        seats: roster.seats.map((seat) => ({
          ...seat,
          at: seat.at.toISOString(),
          joinedAt: seat.joinedAt?.toISOString() ?? null,
        })),
      };
    },
  });

  app.route({
    ...apiRoute('consoleBookingsWeek'),
    handler: async (request) => {
      const week = await services.bookings.bookingsWeek(request.body.from);
      const times = [...new Set(week.slots.map((slot) => slot.time))].sort();
      const at = new Map(week.slots.map((slot) => [`${slot.day} ${slot.time}`, slot]));
      return {
        from: week.from,
        today: week.today,
        timeZone: env.venueTimezone,
        days: week.days,
        rows: times.map((time) => ({
          time,
          cells: week.days.map(({ day }) => {
            const slot = at.get(`${day} ${time}`);
            if (slot === undefined) return null;
            const { booked, capacity, open } = slot;
            return { day, startsAt: slot.startsAt.toISOString(), booked, capacity, open };
          }),
        })),
      };
    },
  });

  app.route({
    ...apiRoute('consoleSlotAccessCode'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      return { accessCode: await services.scheduleAdmin.accessCode(request.body, actor) };
    },
  });
}
