import {
  API_ROUTES,
  CSRF_HEADER,
  ERRORS,
  isErrorCode,
  type ApiRequest,
  type ApiResponse,
  type ApiStreamEvent,
  type ErrorCode,
  type ImplementedRoute,
  type RouteSchemas,
  type StreamRoute,
} from '@questfield/contract';
import type * as ApiSchemasModule from '@questfield/contract/api-schemas';
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

type Method = 'GET' | 'POST';

/**
 * `signal` cancels the call; `headers` adds request headers (e.g. the checkout's Idempotency-Key);
 * `query` is sent as the URL's query string (e.g. an unsubscribe link's token).
 */
export type CallOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

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

/** The contract's schemas, loaded on the first call so that zod stays out of the first script. */
let schemas: Promise<typeof ApiSchemasModule> | undefined;
function loadSchemas() {
  schemas ??= import('@questfield/contract/api-schemas');
  return schemas;
}

async function send(method: Method, path: string, body: unknown, options: CallOptions = {}) {
  const { signal, headers: extra } = options;
  // The custom header on every call: the API refuses a state-changing call without it, and a
  // page on another site cannot send it without a CORS preflight (security.md W25). A caller's
  // own headers (the checkout's Idempotency-Key) come first, so they can never replace these.
  const headers: Record<string, string> = {
    ...extra,
    Accept: 'application/json',
    [CSRF_HEADER.name]: CSRF_HEADER.value,
  };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(errorCopy.network, { status: 0, code: 'NETWORK_ERROR', cause });
  }
}

function invalidResponse(status: number, cause?: unknown): ApiError {
  return new ApiError(errorCopy.invalidResponse, { status, code: 'INVALID_RESPONSE', cause });
}

/**
 * The one way the web calls the API: `callApi('usersLogin', { email, password })`. Method and
 * path come from the contract's API_ROUTES; the body and the answer are typed, and the answer
 * is checked, with the route's schemas in API_SCHEMAS (the very ones the server uses). Every
 * failure (network, HTTP, an answer that does not match) becomes an ApiError.
 */
export async function callApi<N extends ImplementedRoute>(
  name: N,
  ...[body, options]: ApiRequest<N> extends void
    ? [body?: undefined, options?: CallOptions]
    : [body: ApiRequest<N>, options?: CallOptions]
): Promise<ApiResponse<N>> {
  const { method, path } = API_ROUTES[name];
  const url = options?.query ? `${path}?${new URLSearchParams(options.query)}` : path;
  const [response, { API_SCHEMAS }] = await Promise.all([
    send(method, url, body, options),
    loadSchemas(),
  ]);
  const data = isJson(response) ? await readJson(response) : undefined;
  if (!response.ok) throw toApiError(response.status, data);
  const parsed = API_SCHEMAS[name].response.safeParse(data);
  if (!parsed.success) throw invalidResponse(response.status, parsed.error);
  return parsed.data as ApiResponse<N>;
}

/** True when `error` is the API's refusal `code`. */
export function isRefusal(error: unknown, code: ApiErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The spec's rule for failures: the server's own message, else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** What `watchApi` tells its caller: each event's data, and that the stream gave up. */
export type WatchHandlers<N extends StreamRoute> = {
  onEvent: (data: ApiStreamEvent<N>) => void;
  /** The stream cannot be opened or reopened (signed out, too many open): ask instead. */
  onGiveUp: () => void;
  /** The stream is open (again, after a reconnection): what it says from now on arrives. */
  onOpen?: () => void;
};

/**
 * The one way the web listens to the API: an EventSource on a stream route's path with `query`
 * (a GET with the session cookie), each event's data checked with the route's event schema
 * (an event that does not match is dropped). After a dropped connection the browser reconnects
 * by itself with the last event's id; when it stops trying (the server refused), `onGiveUp`.
 * Returns the stop.
 */
export function watchApi<N extends StreamRoute>(
  name: N,
  query: Record<string, string>,
  handlers: WatchHandlers<N>,
): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onGiveUp();
    return () => {};
  }
  const search = new URLSearchParams(query).toString();
  const source = new EventSource(`${API_ROUTES[name].path}${search === '' ? '' : `?${search}`}`);
  source.onmessage = async (message: MessageEvent<string>) => {
    const { API_SCHEMAS } = await loadSchemas();
    const schemas: RouteSchemas = API_SCHEMAS[name];
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = schemas.event?.safeParse(data);
    if (parsed?.success) handlers.onEvent(parsed.data as ApiStreamEvent<N>);
  };
  source.onopen = () => handlers.onOpen?.();
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) handlers.onGiveUp();
  };
  return () => source.close();
}
