import { ERRORS, isErrorCode, type ErrorCode } from '@questfield/contract';
import type { z } from 'zod';
import { errorCopy } from '@/config/content';

/** The contract's error codes, plus the failures that never reach the server or its envelope. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'HTTP_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /**
   * The server's own message when its body was the `{ message, code }` envelope. The spec's
   * rule "the server's message, else 'Login failed'" reads this, not `message`.
   */
  readonly serverMessage: string | undefined;

  constructor(
    message: string,
    init: { status: number; code: ApiErrorCode; serverMessage?: string; cause?: unknown },
  ) {
    super(message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
  }
}

type RequestOptions<T> = {
  /** Validates the JSON of a successful answer; the result is typed from it. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type Method = 'GET' | 'POST';

function fallbackMessage(status: number): string {
  if (status === 401) return ERRORS.UNAUTHENTICATED.message;
  if (status === 403) return ERRORS.FORBIDDEN.message;
  if (status === 404) return ERRORS.NOT_FOUND.message;
  if (status === 429) return ERRORS.RATE_LIMITED.message;
  if (status === 502 || status === 503 || status === 504) return ERRORS.SERVICE_UNAVAILABLE.message;
  if (status >= 500) return ERRORS.INTERNAL.message;
  return ERRORS.BAD_REQUEST.message;
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('application/json');
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const code = 'code' in body && isErrorCode(body.code) ? body.code : 'HTTP_ERROR';
    return new ApiError(body.message, { status, code, serverMessage: body.message });
  }
  return new ApiError(fallbackMessage(status), { status, code: 'HTTP_ERROR' });
}

/**
 * Calls the same-origin API. Sends and expects JSON, keeps the session cookie, and turns
 * every failure (network, HTTP, an answer that is not the expected JSON) into an ApiError.
 */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method === 'POST') headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(errorCopy.network, { status: 0, code: 'NETWORK_ERROR', cause });
  }

  if (!response.ok) {
    throw toApiError(response.status, isJson(response) ? await readJson(response) : undefined);
  }

  if (response.status === 204) return undefined as T;

  const data = isJson(response) ? await readJson(response) : undefined;
  if (data === undefined) {
    throw new ApiError(errorCopy.invalidResponse, {
      status: response.status,
      code: 'INVALID_RESPONSE',
    });
  }
  if (!options.schema) return data as T;

  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(errorCopy.invalidResponse, {
      status: response.status,
      code: 'INVALID_RESPONSE',
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    apiRequest<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('POST', path, body, options),
};
