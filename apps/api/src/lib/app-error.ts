/**
 * Expected failures (wrong password, slot full, ...) are AppErrors carrying a contract error
 * code; the error plugin maps them to `{ message, code }` with the code's status. Anything else
 * that is thrown is a bug and becomes a generic 500.
 */
import { ERRORS, type ErrorCode } from '@questfield/contract';

export type AppErrorOptions = {
  cause?: unknown;
  /** Sent as Retry-After: when the client may ask again (a 429 or 503). */
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly retryAfterSeconds: number | undefined;

  /** `message` overrides the contract's text, e.g. to name the invalid fields. */
  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERRORS[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Throws the expected failure `code`; typed `never` so callers can use it in expressions. */
export function fail(code: ErrorCode, message?: string, options?: AppErrorOptions): never {
  throw new AppError(code, message, options);
}
