/** The API over HTTP, for tests that run the server as a process of its own. */
import { fileURLToPath } from 'node:url';
import { API_ROUTES, CSRF_HEADER } from '@questfield/contract';
import { COOKIE, distinctIp, PASSWORD } from './accounts';
import { startServerProcess, type ServerProcessOptions } from './server-process';
import { TEST_ENV } from './test-app';

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The API (src/server.ts) in a process of its own on `databaseUrl`, with the offline test
 * payment provider, trusting one proxy hop (so each test player can have an address of its own).
 */
export function startApiProcess(
  databaseUrl: string,
  options: { env?: NodeJS.ProcessEnv; output?: ServerProcessOptions['output'] } = {},
) {
  return startServerProcess({
    args: ['--import', 'tsx', 'src/server.ts'],
    cwd: API_ROOT,
    env: {
      ...process.env,
      ...TEST_ENV,
      PAYMENT_PROVIDER: 'test',
      TRUST_PROXY: '1',
      DATABASE_URL: databaseUrl,
      ...options.env,
    },
    output: options.output,
  });
}

export type RouteName = keyof typeof API_ROUTES;

/** A call as the web client makes it: JSON, the CSRF header, the session cookie if any. */
export function postTo(
  base: string,
  route: RouteName,
  body: unknown,
  options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${base}${API_ROUTES[route].path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      ...(options.cookie === undefined ? {} : { cookie: `${COOKIE}=${options.cookie}` }),
      // Each test player from an address of its own (the server trusts one proxy hop).
      ...(options.ip === undefined ? {} : { 'x-forwarded-for': options.ip }),
      ...options.headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

/** Signs a new player up through the server at `base`; its id, session cookie and address. */
export async function signUpAt(base: string, name: string) {
  const ip = distinctIp();
  const body = { username: name, email: `${name}@example.com`, password: PASSWORD };
  const response = await postTo(base, 'usersCreate', body, { ip });
  const cookie = new RegExp(`${COOKIE}=([^;]+)`).exec(
    response.headers.get('set-cookie') ?? '',
  )?.[1];
  const json = (await response.json()) as { data?: { id: string }[] };
  const id = json.data?.[0]?.id;
  if (!response.ok || cookie === undefined || id === undefined) {
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(json)}`);
  }
  return { id, cookie, ip };
}
