/**
 * A second, tiny server for the demo game on GAME_PORT, so the game runs on its own origin as
 * the real one would. It serves the game's built files only; the game talks to the API on the
 * app's origin.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Env } from './config/env';
import { httpTimeouts } from './lib/http-timeouts';
import type { Logger } from './lib/logger';
import {
  frameworkErrorHandler,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/errors';
import {
  registerRequestLog,
  requestLogLevel,
  withoutFastifyRequestLines,
} from './plugins/request-log';
import {
  apiSecurityHeaders,
  gameCspDirectives,
  registerSecurityHeaders,
} from './plugins/security-headers';
import { hasIndexHtml, registerStaticSite } from './plugins/spa';

const GAME_CONFIG_PATH = '/config.json';

/** @internal Exported for tests. */
export const GAME_NOT_BUILT_TEXT =
  'The demo game is not built yet. Run `npm run build` and start the server again.';

export type GameHostDeps = {
  env: Pick<Env, 'publicOrigin' | 'gameOrigin' | 'nodeEnv'>;
  gameDistDir: string | null;
  logger: Logger;
};

export async function buildGameHost(deps: GameHostDeps): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.logger.child({ server: 'game' });
  const app = Fastify({
    loggerInstance,
    bodyLimit: 1024,
    ...httpTimeouts(),
    // A URL refused before routing is answered without hooks: the strict set, set by hand.
    frameworkErrors: frameworkErrorHandler(apiSecurityHeaders({ origin: deps.env.gameOrigin })),
    logController: withoutFastifyRequestLines(),
  });
  registerErrorHandler(app);
  registerRequestLog(app, requestLogLevel(deps.env.nodeEnv));
  registerSecurityHeaders(app, {
    directives: gameCspDirectives(deps.env),
    origin: deps.env.gameOrigin,
    denyFraming: false,
  });

  // The game learns here which origin may message it and answers its API calls.
  app.get(GAME_CONFIG_PATH, async () => ({ appOrigin: deps.env.publicOrigin }));

  const pageFallback = hasIndexHtml(deps.gameDistDir)
    ? await registerStaticSite(app, { root: deps.gameDistDir })
    : null;
  if (pageFallback === null) {
    app.get('/*', async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send(GAME_NOT_BUILT_TEXT),
    );
  }
  registerNotFoundHandler(app, pageFallback);
  return app;
}
