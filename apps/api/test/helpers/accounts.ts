/** Small clients for the account routes, shared by the account test files. */
import { API_ROUTES, type ApiRouteName } from '@questfield/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app';

export const PASSWORD = 'violet-lantern-orbit-42';
export const COOKIE = 'qf_session';

export type PostOptions = { cookie?: string; ip?: string; headers?: Record<string, string> };

export function postJson(
  app: App,
  route: ApiRouteName,
  body: unknown,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: API_ROUTES[route].path,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      ...(options.cookie === undefined ? {} : { cookie: `${COOKIE}=${options.cookie}` }),
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
}

/** The session cookie value a response set, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === COOKIE);
  return cookie?.value === '' ? undefined : cookie?.value;
}

export type SignedUp = { id: string; cookie: string; email: string; username: string };

let counter = 0;

export async function signUp(
  app: App,
  overrides: { username?: string; email?: string; password?: string } = {},
): Promise<SignedUp> {
  counter += 1;
  const username = overrides.username ?? `player${counter}`;
  const email = overrides.email ?? `${username}@example.com`;
  const response = await postJson(app, 'usersCreate', {
    username,
    email,
    password: overrides.password ?? PASSWORD,
    appid: 'questfield-web',
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const body = JSON.parse(response.body) as { data: { id: string }[] };
  const cookie = sessionCookieOf(response);
  if (cookie === undefined || body.data[0] === undefined) throw new Error('no session');
  return { id: body.data[0].id, cookie, email, username };
}

export async function login(app: App, email: string, password = PASSWORD, ip?: string) {
  return postJson(app, 'usersLogin', { email, password }, { ip });
}
