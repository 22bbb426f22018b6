/**
 * Expected failures (wrong password, slot full, ...) are AppErrors carrying a contract error
 * code; the error plugin maps them to `{ message, code }` with the code's status. Anything else
 * that is thrown is a bug and becomes a generic 500.
 */
import { ERRORS, type ErrorCode } from '@questfield/contract';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;

  /** `message` overrides the contract's text, e.g. to name the invalid fields. */
  constructor(code: ErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? ERRORS[code].message, options);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERRORS[code].status;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Throws the expected failure `code`; typed `never` so callers can use it in expressions. */
export function fail(code: ErrorCode, message?: string): never {
  throw new AppError(code, message);
}
