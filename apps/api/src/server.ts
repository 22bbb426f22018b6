/**
 * Process entry: settings → database (migrated, seeded) → the app on PORT and the demo game on
 * GAME_PORT. On SIGINT/SIGTERM both servers stop taking requests and finish the ones in flight,
 * then the database closes (PGlite flushes its folder), and the process exits 0.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { EnvError, formatEnvError, loadEnv, type Env } from './config/env';
import { databaseOptionsFromEnv, openDatabase, type DatabaseHandle } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed';
import { buildGameHost } from './game-host';
import { fileOffsetClock, systemClock, type Clock } from './lib/clock';
import { createLogger, logFormatOf, type Logger } from './lib/logger';
import { listenLogText } from './lib/origins';
import {
  loopbackUrlOf,
  newOperatorToken,
  publishOperatorAccess,
} from './modules/operator/operator-access';
import { PATHS } from './paths';

/** Past this, a stuck shutdown is cut short rather than leaving the process hanging. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    // A configuration mistake, not a crash: the list of bad variables, no stack trace.
    console.error(formatEnvError(error));
    process.exit(1);
  }
}

async function prepareDatabase(env: Env, clock: Clock, logger: Logger): Promise<DatabaseHandle> {
  // A first start on the embedded database migrates it for several seconds: say so.
  logger.info('Opening the database and applying its migrations…');
  const handle = await openDatabase(databaseOptionsFromEnv(env));
  await migrateDatabase(handle, PATHS.migrations);
  const seeded = await seedDemoData(handle.db, {
    appSecret: env.appSecret,
    clock,
    demoAccounts: !env.isProduction,
  });
  logger.info({ database: handle.kind, ...seeded }, 'database ready');
  return handle;
}

/**
 * On the embedded database only this process can open the folder, so the operator's command
 * line reaches it through the operator route with a token published in the folder.
 */
function operatorTokenFor(handle: DatabaseHandle): string | null {
  return handle.kind === 'pglite' ? newOperatorToken() : null;
}

function publishOperatorRoute(app: FastifyInstance, env: Env, token: string | null): () => void {
  const address = app.server.address();
  if (token === null || address === null || typeof address === 'string') return () => {};
  const url = loopbackUrlOf(address);
  return publishOperatorAccess(env.dataDir, { url, token, pid: process.pid });
}

function closeOnSignals(
  servers: FastifyInstance[],
  handle: DatabaseHandle,
  logger: Logger,
  beforeClose: () => void,
) {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown timed out: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    beforeClose();
    // Servers first, so no request is still writing when the database closes.
    await Promise.allSettled(servers.map((server) => server.close()));
    await handle.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, (received) => void shutdown(received));
  }
}

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const format = logFormatOf({ ...env, isTTY: process.stdout.isTTY === true });
  const logger = createLogger({ level: env.logLevel, format });
  for (const warning of env.warnings) logger.warn(warning);

  const clock = env.clockFile === null ? systemClock : fileOffsetClock(env.clockFile);
  const handle = await prepareDatabase(env, clock, logger);
  const operatorToken = operatorTokenFor(handle);
  const webDistDir = PATHS.webDist;
  const app = await buildApp({ env, db: handle, logger, clock, webDistDir, operatorToken });
  const game = await buildGameHost({ env, gameDistDir: PATHS.gameDist, logger });
  let unpublish = () => {};
  closeOnSignals([app, game], handle, logger, () => unpublish());
  try {
    // The only URL the log offers to open is PUBLIC_ORIGIN (logged below), not the socket's.
    await app.listen({ host: env.host, port: env.port, listenTextResolver: listenLogText });
    await game.listen({ host: env.host, port: env.gamePort, listenTextResolver: listenLogText });
    unpublish = publishOperatorRoute(app, env, operatorToken);
    app.emailDispatcher.start();
  } catch (error) {
    logger.fatal({ err: error }, 'could not listen');
    unpublish();
    await Promise.allSettled([app.close(), game.close()]);
    await handle.close();
    process.exit(1);
  }
  logger.info(
    { app: env.publicOrigin, game: env.gameOrigin, host: env.host, port: env.port },
    `Questfield is running: app ${env.publicOrigin}, demo game ${env.gameOrigin}`,
  );
}

main().catch((error: unknown) => {
  // Expected refusals get their message only; anything else keeps its stack for diagnosis.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
