import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from '../api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

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

describe('api client', () => {
  it('sends JSON with the session cookie on POST and parses the answer', async () => {
    fetchMock.mockResolvedValue(Response.json({ credits: 16 }));

    const result = await api.post(
      '/api/Users/RedeemCode',
      { code: 'WELCOME16' },
      { schema: z.object({ credits: z.number() }) },
    );

    expect(result).toEqual({ credits: 16 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/Users/RedeemCode');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ code: 'WELCOME16' }),
    });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no body and no content type on GET', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));

    await api.get('/api/health');

    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.credentials).toBe('same-origin');
  });

  it('turns the { message, code } envelope into a typed ApiError', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { message: 'Invalid or expired code.', code: 'PROMO_INVALID' },
        { status: 400 },
      ),
    );

    const error = await failure(api.post('/api/Users/RedeemCode', { code: 'NOPE' }));

    expect(error.status).toBe(400);
    expect(error.code).toBe('PROMO_INVALID');
    expect(error.message).toBe('Invalid or expired code.');
    expect(error.serverMessage).toBe('Invalid or expired code.');
  });

  it('keeps the server message even when the code is not one it knows', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Teapot', code: 'TEA' }, { status: 418 }));

    const error = await failure(api.get('/api/x'));

    expect(error.code).toBe('HTTP_ERROR');
    expect(error.serverMessage).toBe('Teapot');
  });

  it('falls back to a generic message when the error body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));

    const error = await failure(api.get('/api/config'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.serverMessage).toBeUndefined();
    expect(error.message).toBe('The service is temporarily unavailable. Please try again.');
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(api.get('/api/config'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('rejects an answer that is not JSON, such as an HTML page', async () => {
    fetchMock.mockResolvedValue(
      new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );

    const error = await failure(api.get('/api/config'));

    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('rejects JSON that does not match the schema', async () => {
    fetchMock.mockResolvedValue(Response.json({ credits: 'many' }));

    const error = await failure(api.get('/api/x', { schema: z.object({ credits: z.number() }) }));

    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('returns nothing for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.post('/api/Users/Logout', {})).resolves.toBeUndefined();
  });
});
