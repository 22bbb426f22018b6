/**
 * A player's seats in the console (API_ROUTES `consolePlayerSeatCancel`,
 * `consolePlayerSeatBook`, staff; ADR 0029): staff give a seat back with its credits (no
 * cut-off, never once the game has started) or book one for the player, paid from the player's
 * balance on the player's own booking path. Both are the command line's `seats cancel` and
 * `seats book` (seat-admin.service.ts), so both are audited alike, the operator the actor.
 */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';

export function registerConsoleSeatsRoutes(app: ZodApp, { services }: ModuleContext) {
  app.route({
    ...apiRoute('consolePlayerSeatCancel'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      const { playerId, startsAt } = request.body;
      const done = await services.seatAdmin.cancelSeat(playerId, new Date(startsAt), actor);
      return {
        startsAt: done.startsAt.toISOString(),
        refunded: done.refunded,
        balance: done.balance,
      };
    },
  });

  app.route({
    ...apiRoute('consolePlayerSeatBook'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      const { playerId, startsAt } = request.body;
      const booking = await services.seatAdmin.bookSeat(playerId, new Date(startsAt), actor);
      return {
        startsAt: booking.startsAt.toISOString(),
        balance: booking.balance,
        repeated: booking.repeated,
      };
    },
  });
}
