/**
 * Where an operator command runs. Postgres takes any number of connections, so the command line
 * opens its own. The embedded database belongs to one process: while a server holds the folder
 * the command goes to that server's operator route (the access file it published there), and
 * otherwise the command line opens the folder itself.
 */
import {
  API_ROUTES,
  CSRF_HEADER,
  operatorResult,
  type OperatorCommand,
  type OperatorResult,
} from '@questfield/contract';
import { request as httpRequest } from 'node:http';
import type { Env } from '../config/env';
import { databaseOptionsFromEnv, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createInfra } from '../infra';
import { systemClock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { readOperatorAccess, type OperatorAccess } from '../modules/operator/operator-access';
import { PATHS } from '../paths';
import { createServices, mailRendererFor, venueReaderFor } from '../services';

/** A refusal to show the operator as it is (a server's answer, a missing account…). */
export class OperatorFailure extends Error {}

const SERVER_TIMEOUT_MS = 120_000;

async function runHere(env: Env, command: OperatorCommand): Promise<OperatorResult> {
  const handle = await openDatabase(databaseOptionsFromEnv(env));
  try {
    await migrateDatabase(handle, PATHS.migrations);
    // Standard output carries the command's answer (CSV); anything logged goes to standard error.
    const logger = createLogger({ level: 'warn', destination: process.stderr });
    const renderMail = mailRendererFor(env);
    const readVenue = venueReaderFor(env);
    const infra = createInfra({
      env,
      db: handle,
      clock: systemClock,
      logger,
      renderMail,
      readVenue,
    });
    const services = createServices(infra);
    return await services.operator.run(command, { kind: 'command_line' });
  } finally {
    await handle.close();
  }
}

type ServerAnswer = { status: number; body: string };

/**
 * POSTs the command on a connection of its own (no keep-alive pool: a pooled socket to a server
 * that has since stopped would fail after sending). Null when the connection is refused.
 */
function post(access: OperatorAccess, command: OperatorCommand): Promise<ServerAnswer | null> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(API_ROUTES.operatorRun.path, access.url), {
      method: 'POST',
      agent: false,
      timeout: SERVER_TIMEOUT_MS,
      headers: {
        authorization: `Bearer ${access.token}`,
        'content-type': 'application/json',
        [CSRF_HEADER.name]: CSRF_HEADER.value,
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(null) : reject(error),
    );
    request.end(JSON.stringify(command));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The server's answer; null when nothing listens there any more (a server that crashed), the
 * one case where nothing was sent and the command may safely run here instead.
 */
async function runOnServer(
  access: OperatorAccess,
  command: OperatorCommand,
): Promise<OperatorResult | null> {
  const answer = await post(access, command).catch(() => {
    throw new OperatorFailure(`The running server at ${access.url} did not answer.`);
  });
  if (answer === null) return null;
  const body = parseJson(answer.body);
  if (answer.status !== 200) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new OperatorFailure(
      typeof message === 'string' ? message : `The server answered ${answer.status}.`,
    );
  }
  return operatorResult.parse(body);
}

export async function runOperatorCommand(
  env: Env,
  command: OperatorCommand,
): Promise<OperatorResult> {
  const access = env.databaseUrl === null ? readOperatorAccess(env.dataDir) : null;
  const answered = access === null ? null : await runOnServer(access, command);
  return answered ?? runHere(env, command);
}
