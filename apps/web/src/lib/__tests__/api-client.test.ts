import { CSRF_HEADER } from '@questfield/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, callApi, failureText } from '../api-client';
import { testUser } from '@/testing/mock-api';
import { mswServer } from '@/testing/msw-server';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const user = { ...testUser, credits: 16 };

describe('callApi', () => {
  it('POSTs JSON with the session cookie to the contract path and checks the answer', async () => {
    let seen: { method: string; type: string | null; credentials: string; body: unknown } | null =
      null;
    mswServer.use(
      http.post('/api/Users/LoginByNameOrEmail', async ({ request }) => {
        seen = {
          method: request.method,
          type: request.headers.get('content-type'),
          credentials: request.credentials,
          body: await request.json(),
        };
        return HttpResponse.json([user]);
      }),
    );

    const answer = await callApi('usersLogin', { email: 'ada', password: 'secret-123' });

    expect(answer).toEqual([user]);
    expect(seen).toEqual({
      method: 'POST',
      type: 'application/json',
      credentials: 'same-origin',
      body: { email: 'ada', password: 'secret-123' },
    });
  });

  it('sends the CSRF header on every call, POST and GET', async () => {
    const seen: Record<string, string | null> = {};
    mswServer.use(
      http.post('/api/Users/Logout', ({ request }) => {
        seen.post = request.headers.get(CSRF_HEADER.name);
        return HttpResponse.json({ message: 'You have been logged out.' });
      }),
      http.get('/api/health', ({ request }) => {
        seen.get = request.headers.get(CSRF_HEADER.name);
        return HttpResponse.json({ status: 'ok', db: 'up' });
      }),
    );

    await callApi('usersLogout', {});
    await callApi('health');

    expect(CSRF_HEADER).toEqual({ name: 'x-requested-with', value: 'XMLHttpRequest' });
    expect(seen).toEqual({ post: 'XMLHttpRequest', get: 'XMLHttpRequest' });
  });

  it('sends no body and no content type on GET', async () => {
    let seen: { body: string; type: string | null } | null = null;
    mswServer.use(
      http.get('/api/health', async ({ request }) => {
        seen = { body: await request.text(), type: request.headers.get('content-type') };
        return HttpResponse.json({ status: 'ok', db: 'up' });
      }),
    );

    await expect(callApi('health')).resolves.toEqual({ status: 'ok', db: 'up' });
    expect(seen).toEqual({ body: '', type: null });
  });

  it('turns the { message, code } envelope into a typed ApiError', async () => {
    mswServer.use(
      http.post('/api/Users/LoginByNameOrEmail', () =>
        HttpResponse.json({ message: 'Login failed', code: 'LOGIN_FAILED' }, { status: 401 }),
      ),
    );

    const error = await failure(callApi('usersLogin', { email: 'ada', password: 'nope-nope' }));

    expect(error.status).toBe(401);
    expect(error.code).toBe('LOGIN_FAILED');
    expect(error.serverMessage).toBe('Login failed');
    expect(failureText(error, 'fallback')).toBe('Login failed');
  });

  it('keeps the server message even when the code is not one it knows', async () => {
    mswServer.use(
      http.get('/api/config', () =>
        HttpResponse.json({ message: 'Teapot', code: 'TEA' }, { status: 418 }),
      ),
    );

    const error = await failure(callApi('config'));

    expect(error.code).toBe('HTTP_ERROR');
    expect(error.serverMessage).toBe('Teapot');
  });

  it('falls back to a generic message when the error body is not the envelope', async () => {
    mswServer.use(http.get('/api/config', () => new HttpResponse('Bad gateway', { status: 502 })));

    const error = await failure(callApi('config'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.serverMessage).toBeUndefined();
    expect(error.message).toBe('The service is temporarily unavailable. Please try again.');
    expect(failureText(error, 'Login failed')).toBe('Login failed');
  });

  it('reports a network failure', async () => {
    mswServer.use(http.get('/api/config', () => HttpResponse.error()));

    const error = await failure(callApi('config'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('rejects an answer that is not JSON, such as an HTML page', async () => {
    mswServer.use(http.get('/api/config', () => HttpResponse.html('<!doctype html>')));

    expect((await failure(callApi('config'))).code).toBe('INVALID_RESPONSE');
  });

  it('rejects JSON that does not match the contract', async () => {
    mswServer.use(
      http.post('/api/Users/Me', () => HttpResponse.json([{ ...user, credits: 'many' }])),
    );

    expect((await failure(callApi('usersMe', {}))).code).toBe('INVALID_RESPONSE');
  });
});
