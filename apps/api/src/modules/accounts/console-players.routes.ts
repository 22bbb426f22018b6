/** The console's player search (staff; API_ROUTES). The player's page comes with its screen. */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';

export function registerConsolePlayersRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('consolePlayerSearch'),
    handler: async (request) => {
      const found = await services.accounts.search(request.body.query, request.body.after);
      return {
        players: found.players.map((player) => ({
          ...player,
          createdAt: player.createdAt.toISOString(),
        })),
        nextCursor: found.nextCursor,
      };
    },
  });
}
