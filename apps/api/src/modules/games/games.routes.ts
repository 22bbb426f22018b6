/**
 * HTTP side of games: the game's two calls with its ticket (Games/ValidateTicket,
 * Games/SubmitResult; access `game`: no session, the game's origin allowed, CORS for it only)
 * and the leaderboards (Games/Leaderboard for everyone, Games/MyBests for the player).
 */
import { API_ROUTES, type RouteAccess } from '@questfield/contract';
import cors from '@fastify/cors';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';

const GAME_PATHS = new Set<string>(
  Object.values(API_ROUTES)
    .filter((route) => route.access === ('game' satisfies RouteAccess))
    .map((route) => route.path),
);

export async function registerGamesRoutes(app: ZodApp, { env, services }: ModuleContext) {
  // The game's two calls in a scope of their own: only the game's origin may read their answers
  // from a browser, and every other route sends no CORS header at all nor runs the CORS hook.
  await app.register(async (game: ZodApp) => {
    await game.register(cors, {
      hook: 'onRequest',
      // The scope's preflight route answers OPTIONS for every path: only the game's get CORS.
      delegator: (request, callback) => {
        const path = (request.url ?? '').split('?', 1)[0] ?? '';
        const forGame = GAME_PATHS.has(path);
        callback(
          null,
          forGame ? { origin: env.gameOrigin, methods: ['POST'], maxAge: 600 } : { origin: false },
        );
      },
    });

    game.route({
      ...apiRoute('gamesValidateTicket'),
      handler: async (request) => {
        const info = await services.games.validate(request.body.ticket);
        return {
          ...info,
          startsAt: info.startsAt.toISOString(),
          endsAt: info.endsAt.toISOString(),
        };
      },
    });

    game.route({
      ...apiRoute('gamesSubmitResult'),
      handler: async (request) => {
        const { ticket, ...run } = request.body;
        return { ranks: await services.games.submit(ticket, run) };
      },
    });
  });

  app.route({
    ...apiRoute('gamesLeaderboard'),
    handler: (request) => services.games.leaderboard(request.body.period),
  });

  app.route({
    ...apiRoute('gamesMyBests'),
    handler: (request) => services.games.myBests(sessionUserId(request), request.body.period),
  });
}
