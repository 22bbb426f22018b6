/**
 * The game's side of the /game protocol: which origin may talk to it, the session message it
 * accepts, the messages it sends back, and the two API calls made with the ticket.
 *
 * Only the app's origin (from this host's /config.json) counts: a message from any other
 * origin, from any window but the parent, or not shaped like a session is dropped unread.
 */
import {
  API_ROUTES,
  ERRORS,
  gameTicketMessage,
  submitResultResponse,
  validateTicketResponse,
  type GameFrameMessage,
  type GameTicketMessage,
  type SubmitResultResponse,
  type ValidateTicketResponse,
} from '@questfield/contract';
import type { RunResult } from './game-state';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const browserFetch: FetchLike = (input, init) => fetch(input, init);

const CONFIG_PATH = '/config.json';

/** @internal Exported for tests. */
export const NETWORK_MESSAGE = 'Questfield could not be reached. Check your connection.';

/**
 * An http(s) origin, exactly ('https://host:port', no path), or null.
 * @internal Exported for tests.
 */
export function parseOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** The app's origin, from the game host; throws when it cannot be learnt. */
export async function loadAppOrigin(fetchFn: FetchLike = browserFetch): Promise<string> {
  const response = await fetchFn(CONFIG_PATH, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${CONFIG_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  const appOrigin = parseOrigin((body as { appOrigin?: unknown } | null)?.appOrigin);
  if (appOrigin === null) throw new Error(`${CONFIG_PATH} has no valid appOrigin`);
  return appOrigin;
}

/** What a listener reads of a MessageEvent. */
export type MessageLike = Pick<MessageEvent, 'origin' | 'source' | 'data'>;

export type SessionListenerOptions = {
  appOrigin: string;
  /** The only window allowed to send the session: window.parent. */
  parent: unknown;
  onSession: (session: GameTicketMessage) => void;
};

/**
 * A `message` listener that hands over the first valid session and ignores everything else:
 * other origins, other windows (another frame of the same origin included), malformed data,
 * and the session again (the app may send it on frame load and after `ready`).
 */
export function createSessionListener(options: SessionListenerOptions) {
  let delivered = false;
  return (event: MessageLike): boolean => {
    if (delivered) return false;
    if (event.origin !== options.appOrigin || event.source !== options.parent) return false;
    const parsed = gameTicketMessage.safeParse(event.data);
    if (!parsed.success) return false;
    delivered = true;
    options.onSession(parsed.data);
    return true;
  };
}

/**
 * Never to '*': the ticket's holder is the app, and only it should hear from the game.
 * @internal Exported for tests.
 */
export function postToApp(
  parent: Pick<Window, 'postMessage'>,
  appOrigin: string,
  message: GameFrameMessage,
): void {
  parent.postMessage(message, appOrigin);
}

type ApiOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; /** True when the server was not reached. */ network: boolean };

/** The `message` of the API's error envelope, when it has a usable one. */
function serverMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return null;
  const trimmed = message.trim();
  return trimmed === '' || trimmed.length > 300 ? null : trimmed;
}

type Answer = { status: number; body: unknown };

/** A JSON POST to the app's API: no cookies (the ticket is the credential), no redirects. */
async function postJson(url: string, payload: unknown, fetchFn: FetchLike): Promise<Answer> {
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    credentials: 'omit',
    cache: 'no-store',
    redirect: 'error',
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

type Schema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

async function callApi<T>(
  url: string,
  payload: unknown,
  schema: Schema<T>,
  fallback: string,
  fetchFn: FetchLike,
): Promise<ApiOutcome<T>> {
  let answer: Answer;
  try {
    answer = await postJson(url, payload, fetchFn);
  } catch {
    return { ok: false, message: NETWORK_MESSAGE, network: true };
  }
  if (answer.status === 200) {
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, message: fallback, network: false };
  }
  return { ok: false, message: serverMessage(answer.body) ?? fallback, network: false };
}

/** @internal Exported for tests. */
export function validateTicket(
  appOrigin: string,
  ticket: string,
  fetchFn: FetchLike = browserFetch,
): Promise<ApiOutcome<ValidateTicketResponse>> {
  const url = `${appOrigin}${API_ROUTES.gamesValidateTicket.path}`;
  const fallback = ERRORS.GAME_TICKET_INVALID.message;
  return callApi(url, { ticket }, validateTicketResponse, fallback, fetchFn);
}

/** The least wait before the ticket is validated again for the maze. */
const MAZE_RETRY_MS = 1_000;

/**
 * How long until the game has started by the server's clock, when the answer came without the
 * maze (it comes only from the start: ADR 0046). The server's time is `secondsLeft` before
 * `endsAt`, rounded down, so it may be up to a second later: the wait covers that second.
 */
export function msUntilStart(
  answer: Pick<ValidateTicketResponse, 'startsAt' | 'endsAt' | 'secondsLeft'>,
): number {
  const serverNowAtLeast = Date.parse(answer.endsAt) - (answer.secondsLeft + 1) * 1000;
  return Math.max(Date.parse(answer.startsAt) - serverNowAtLeast, MAZE_RETRY_MS);
}

const SUBMIT_FAILED_MESSAGE = 'Your result could not be saved.';

/** @internal Exported for tests. */
export function submitResult(
  appOrigin: string,
  ticket: string,
  result: RunResult,
  fetchFn: FetchLike = browserFetch,
): Promise<ApiOutcome<SubmitResultResponse>> {
  const url = `${appOrigin}${API_ROUTES.gamesSubmitResult.path}`;
  const payload = { ticket, ...result };
  return callApi(url, payload, submitResultResponse, SUBMIT_FAILED_MESSAGE, fetchFn);
}

/** Everything the game says to the app, in one place (a stand-in replaces it in dev preview). */
export type AppLink = {
  post(message: GameFrameMessage): void;
  validate(ticket: string): Promise<ApiOutcome<ValidateTicketResponse>>;
  submit(ticket: string, result: RunResult): Promise<ApiOutcome<SubmitResultResponse>>;
};

export function appLink(appOrigin: string, parent: Pick<Window, 'postMessage'>): AppLink {
  return {
    post: (message) => postToApp(parent, appOrigin, message),
    validate: (ticket) => validateTicket(appOrigin, ticket),
    submit: (ticket, result) => submitResult(appOrigin, ticket, result),
  };
}
