/**
 * One pino configuration for the API, the game host and start-up code. Secrets are redacted
 * by path wherever they appear in a logged object (security.md R25, ASVS 16.2.5).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/env';

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

export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) =>
    ['headers', 'req.headers', 'res.headers', 'request.headers', 'reply.headers'].map(
      (parent) => `${parent}["${header}"]`,
    ),
  ),
  ...BODY_ONLY_FIELDS.flatMap((field) => [`body.${field}`, `*.body.${field}`]),
];

export type LoggerOptions = { level: LogLevel; destination?: DestinationStream };

export function createLogger({ level, destination }: LoggerOptions): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[Redacted]' } };
  return destination === undefined ? pino(options) : pino(options, destination);
}

export type { Logger };
