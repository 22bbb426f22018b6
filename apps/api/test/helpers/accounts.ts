/** Small clients for the account routes, shared by the account test files. */
import { API_ROUTES, CSRF_HEADER, type ApiRouteName } from '@questfield/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../src/app';

export const PASSWORD = 'violet-lantern-orbit-42';
export const COOKIE = 'qf_session';

export type PostOptions = {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** false: leave out the CSRF header the web client always sends. */
  csrfHeader?: boolean;
  /**
   * false: return with the answer, before the work the request left running (a recovery code
   * and its mail) is done; by default that work is done, so a test can read what it wrote.
   */
  settle?: boolean;
};

export async function postJson(
  app: App,
  route: ApiRouteName,
  body: unknown,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url: API_ROUTES[route].path,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      ...(options.csrfHeader === false ? {} : { [CSRF_HEADER.name]: CSRF_HEADER.value }),
      ...(options.cookie === undefined ? {} : { cookie: `${COOKIE}=${options.cookie}` }),
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
  if (options.settle !== false) await app.backgroundTasks.settled();
  return response;
}

/** The session cookie value a response set, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === COOKIE);
  return cookie?.value === '' ? undefined : cookie?.value;
}

export type SignedUp = { id: string; cookie: string; email: string; username: string };

let counter = 0;

/** A documentation address (TEST-NET-2) per call: each sign-up comes from its own client. */
export function distinctIp(): string {
  counter += 1;
  return `198.51.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export async function signUp(
  app: App,
  overrides: { username?: string; email?: string; password?: string; ip?: string } = {},
): Promise<SignedUp> {
  const ip = overrides.ip ?? distinctIp();
  const username = overrides.username ?? `player${counter}`;
  const email = overrides.email ?? `${username}@example.com`;
  const request = {
    username,
    email,
    password: overrides.password ?? PASSWORD,
    appid: 'questfield-web',
  };
  const response = await postJson(app, 'usersCreate', request, { ip });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const body = JSON.parse(response.body) as { data: { id: string }[] };
  const cookie = sessionCookieOf(response);
  if (cookie === undefined || body.data[0] === undefined) throw new Error('no session');
  return { id: body.data[0].id, cookie, email, username };
}

export async function login(app: App, email: string, password = PASSWORD, ip?: string) {
  return postJson(app, 'usersLogin', { email, password }, { ip });
}

/** A login refused while the account's (or the address's) sign-ins are paused, with its wait. */
export const LOGIN_THROTTLED = {
  code: 'LOGIN_THROTTLED',
  message: expect.stringMatching(
    /^Too many sign-in attempts\. Try again in \d+ (second|minute)s?, or sign in with a code sent to your email\.$/,
  ),
};
