import type { PublicUser } from '@questfield/contract';
import { vi } from 'vitest';

export type MockAnswer = { status?: number; body?: unknown } | Response;
type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

export const testUser: PublicUser = {
  id: 'u-1',
  userId: 'u-1',
  username: 'ada',
  firstName: '',
  lastName: '',
  email: 'ada@example.com',
  phone: '',
  credits: 0,
  redeemedCodes: [],
};

/**
 * Stubs `fetch` with a table of API answers by path (`/api/Users/Me` → handler). Paths not in
 * the table answer 404; Users/Me answers 401 unless given. A Users/Me handler also marks this
 * browser as signed in before (`isLoggedIn`), as the app asks the server only then. Returns the
 * mock and a log of the JSON bodies sent, by path.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  if (handlers['/api/Users/Me']) localStorage.setItem('isLoggedIn', 'true');
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const table: Record<string, Handler> = {
    '/api/Users/Me': () => ({
      status: 401,
      body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' },
    }),
    ...handlers,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
      string,
      unknown
    >;
    sent.push({ path, body });
    const handler = table[path];
    const answer = handler
      ? await handler(body)
      : { status: 404, body: { message: 'This API route does not exist.', code: 'NOT_FOUND' } };
    if (answer instanceof Response) return answer;
    return Response.json(answer.body ?? {}, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent, table };
}
