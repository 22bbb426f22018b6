/**
 * The console's venue day and week (API_ROUTES `consoleDay`, `consoleSlotChange`,
 * `consoleSlotAccessCode`, `consoleClosurePreview` for staff; `consoleWeek` to read the week, `consoleWeekChange` for
 * admins): the slots with their players, their games started or ended by the server's clock and
 * the players in their waitlist lines, held open until the day changes; slot, week and day
 * changes are the command line's own commands (schedule-admin.service.ts), so both are
 * audited alike; an access code is shown only on request, and the request is audited; a
 * closure's preview names the players it would reach before the operator chooses.
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
      if (changed.command !== 'slots close' || !asked) return { slot: shown };
      const { cancelled, refunded, released } = changed;
      return { slot: shown, closure: { cancelled, refunded, released } };
    },
  });

  app.route({
    ...apiRoute('consoleClosurePreview'),
    handler: async (request) =>
      services.scheduleAdmin.closurePreview(request.body.day, request.body.time),
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
    ...apiRoute('consoleSlotAccessCode'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      return { accessCode: await services.scheduleAdmin.accessCode(request.body, actor) };
    },
  });
}
