/**
 * One pino configuration for the API, the game host and start-up code. Secrets are redacted
 * by path wherever they appear in a logged object, and database errors are logged without the
 * values of their query (security.md R25, ASVS 16.2.5). JSON for machines; pretty lines for a
 * person at a development terminal.
 */
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env, LogFormat, LogLevel } from '../config/env';

/** Field names that hold a secret wherever they appear (top level or one object deep). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'recoveryCode',
  'accessCode',
  'redeemCode',
  'token',
  'resetToken',
  'paymentToken',
  'accessToken',
  'sessionId',
  'idempotencyKey',
  'cookie',
  'authorization',
  'appSecret',
];

/** Header names (they contain dashes, so they need bracket paths). */
const SECRET_HEADERS = ['cookie', 'authorization', 'set-cookie', 'x-csrf-token', 'idempotency-key'];

/**
 * `code` is redacted only inside request bodies: there it is a promo, card or recovery code,
 * while elsewhere (`err.code`, `{ code: 'SLOT_FULL' }`) it is an error code worth keeping.
 */
const BODY_ONLY_FIELDS = ['code'];

const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) =>
    ['headers', 'req.headers', 'res.headers', 'request.headers', 'reply.headers'].map(
      (parent) => `${parent}["${header}"]`,
    ),
  ),
  ...BODY_ONLY_FIELDS.flatMap((field) => [`body.${field}`, `*.body.${field}`]),
];

/** Where a database error keeps the values of its query: emails, addresses, names. */
const QUERY_VALUE_FIELDS = ['params', 'queryOptions', 'detail'];

/** Drizzle's message is 'Failed query: <sql>\nparams: <values>': the SQL is kept. */
function messageWithoutValues(error: Error & { query?: unknown }): string {
  const sqlOnly = `Failed query: ${String(error.query)}`;
  return error.message.startsWith(`${sqlOnly}\nparams: `) ? sqlOnly : error.message;
}

/** A copy of `error`: same prototype and fields, with `changes` applied. */
function copyOf(error: Error, changes: Record<string, unknown>): Record<string, unknown> {
  const blank = Object.create(Object.getPrototypeOf(error) as object) as object;
  return Object.assign(blank, error, changes) as Record<string, unknown>;
}

/**
 * A copy of a database error (and of its causes) without the values its query ran with:
 * Drizzle puts them in `params` and its message, PGlite in `params`, Postgres in `detail`.
 */
function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const fields = error as Error & Record<string, unknown>;
  const cause = withoutQueryValues(fields.cause, depth + 1);
  if (cause === fields.cause && !QUERY_VALUE_FIELDS.some((field) => field in fields)) return error;
  const message = messageWithoutValues(fields);
  const stack = error.stack?.replace(error.message, () => message);
  const copy = copyOf(error, { message, stack, cause });
  for (const field of QUERY_VALUE_FIELDS) delete copy[field];
  return copy;
}

const serializers = {
  err: (error: Error) => pino.stdSerializers.err(withoutQueryValues(error) as Error),
};

/** Pretty lines for a person at a development terminal, or when asked; JSON otherwise. */
export function logFormatOf(
  settings: Pick<Env, 'nodeEnv' | 'logFormat'> & { isTTY: boolean },
): LogFormat {
  if (settings.logFormat !== null) return settings.logFormat;
  return settings.nodeEnv === 'development' && settings.isTTY ? 'pretty' : 'json';
}

/** Request lines carry their facts in the message already (plugins/request-log.ts). */
const PRETTY_OPTIONS = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId,method,path,statusCode,ms',
  singleLine: true,
};

/** pino-pretty in a worker thread, or undefined when it is not installed. */
function prettyStream(): DestinationStream | undefined {
  let target: string;
  try {
    target = createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return pino.transport({ target, options: PRETTY_OPTIONS });
}

export type LoggerOptions = {
  level: LogLevel;
  destination?: DestinationStream;
  /** Ignored when `destination` is given; defaults to JSON. */
  format?: LogFormat;
};

/**
 * Standard output, written synchronously. pino's default destination is asynchronous and
 * flushes what is pending when the process exits, retrying a failed write for ever: with the
 * reader of our output gone (EPIPE), a process told to stop never did. Written synchronously,
 * nothing is pending at exit, and a broken pipe only silences the logger (pino's EPIPE guard).
 */
const stdoutStream = (): DestinationStream => pino.destination({ dest: 1, sync: true });

/**
 * pino hands every top-level value of a line and of a child's bindings (the request id of each
 * request's logger) to the redactor of the `*.field` paths, which tries all of them even on a
 * string or a number: about 5 µs a value, a tenth of a signed-in read's CPU. A value that is not
 * an object has nothing under it to redact, so it goes straight to pino's own serialiser; objects
 * are redacted as before. Children share this (they inherit the parent's stringifiers).
 */
function withPrimitivesPassedThrough(logger: Logger): Logger {
  type Stringify = (value: unknown, safe?: unknown) => string;
  const symbols = pino.symbols as Record<string, symbol | undefined>;
  const state = logger as unknown as Record<symbol, unknown>;
  const find = (name: string) => {
    const symbol = symbols[name];
    return symbol === undefined ? undefined : state[symbol];
  };
  const stringifiers = find('stringifiersSym') as Record<symbol, Stringify> | undefined;
  const stringify = find('stringifySym') as Stringify | undefined;
  const wildcardKey = symbols.wildcardFirstSym;
  const wildcard = wildcardKey === undefined ? undefined : stringifiers?.[wildcardKey];
  // A pino that keeps these elsewhere is left as it is: slower, never less redacted.
  if (!stringifiers || !stringify || !wildcardKey || !wildcard) return logger;
  stringifiers[wildcardKey] = (value, safe) =>
    typeof value === 'object' && value !== null ? wildcard(value, safe) : stringify(value, safe);
  return logger;
}

export function createLogger({ level, destination, format = 'json' }: LoggerOptions): Logger {
  const options = { level, serializers, redact: { paths: REDACT_PATHS, censor: '[Redacted]' } };
  const pretty = destination === undefined && format === 'pretty' ? prettyStream() : undefined;
  const logger = withPrimitivesPassedThrough(
    pino(options, destination ?? pretty ?? stdoutStream()),
  );
  if (destination === undefined && format === 'pretty' && pretty === undefined) {
    logger.warn('pretty logs need the pino-pretty package: logging JSON instead');
  }
  return logger;
}

export type { Logger };
