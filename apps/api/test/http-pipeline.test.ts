import {
  CSRF_HEADER,
  DEFAULT_GROUP_CHAT_URL,
  ERRORS,
  publicConfig,
  type ErrorCode,
} from '@questfield/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocally } from './helpers/mailbox';
import { PROBE, probeModule } from './helpers/probe-module';
import { createTestApp, dbKind, jsonOf, PRODUCTION_ENV, type TestApp } from './helpers/test-app';

const OWN_ORIGIN = 'http://localhost:3000';
const GAME_ORIGIN = 'http://localhost:3100';
const JSON_TYPE = { 'content-type': 'application/json' };
const FROM_APP = { [CSRF_HEADER.name]: CSRF_HEADER.value };
const VALID_APPLICATION = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  companyName: 'Engines Ltd',
  companyDescription: 'We build engines.',
};

function expectError(response: { statusCode: number; body: string }, code: ErrorCode) {
  expect(response.statusCode).toBe(ERRORS[code].status);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  return body as { code: string; message: string };
}

type PostOptions = { body?: string; headers?: Record<string, string>; csrfHeader?: boolean };

/** A POST as the web client sends it: with the CSRF header unless `csrfHeader` is false. */
function poster(app: () => TestApp['app']) {
  return (url: string, { body, headers = {}, csrfHeader = true }: PostOptions = {}) =>
    app().inject({
      method: 'POST',
      url,
      payload: body,
      headers: csrfHeader ? { ...FROM_APP, ...headers } : headers,
    });
}

describe(`HTTP pipeline [${dbKind}]`, () => {
  let t: TestApp;
  const post = poster(() => t.app);
  const submit = PROBE.form;

  beforeAll(async () => {
    t = await createTestApp({ testModules: [probeModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('health', () => {
    it('is ok while the database answers', async () => {
      const response = await t.app.inject('/api/health');
      expect(response.statusCode).toBe(200);
      expect(jsonOf(response)).toEqual({ status: 'ok', db: 'up' });
    });

    it('is 503 degraded when the database does not answer', async () => {
      const hung = await createTestApp({ ping: async () => false });
      try {
        const response = await hung.app.inject('/api/health');
        expect(response.statusCode).toBe(503);
        expect(jsonOf(response)).toEqual({ status: 'degraded', db: 'down' });
      } finally {
        await hung.close();
      }
    });

    it('is 503 once the database is closed', async () => {
      const closing = await createTestApp();
      try {
        await closing.database.handle.close();
        const response = await closing.app.inject('/api/health');
        expect(response.statusCode).toBe(503);
        expect(jsonOf(response)).toEqual({ status: 'degraded', db: 'down' });
      } finally {
        await closing.close();
      }
    });
  });

  describe('config', () => {
    it('returns the public settings only', async () => {
      const response = await t.app.inject('/api/config');
      expect(response.statusCode).toBe(200);
      const body = jsonOf(response);
      expect(publicConfig.strict().parse(body)).toEqual({
        appname: 'questfield',
        appversion: '1.0.0',
        gameOrigin: GAME_ORIGIN,
        resultsHosts: [],
        livestreamUrl: 'https://player.example.com/embed/live',
        groupChatUrl: DEFAULT_GROUP_CHAT_URL,
        multiplayerEnabled: true,
        paymentProvider: 'test',
        squareApplicationId: null,
        squareLocationId: null,
      });
    });

    it('shows the Square ids (never the token) and the multiplayer switch', async () => {
      const square = await createTestApp({
        env: {
          MULTIPLAYER_ENABLED: 'false',
          PAYMENT_PROVIDER: 'square',
          SQUARE_ACCESS_TOKEN: 'EAAA-secret-token',
          SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
          SQUARE_LOCATION_ID: 'LOC1',
        },
      });
      try {
        const response = await square.app.inject('/api/config');
        expect(jsonOf(response)).toMatchObject({
          multiplayerEnabled: false,
          paymentProvider: 'square',
          squareApplicationId: 'sandbox-sq0idb-app',
          squareLocationId: 'LOC1',
        });
        expect(response.body).not.toContain('EAAA-secret-token');
      } finally {
        await square.close();
      }
    });
  });

  describe('unknown API routes', () => {
    it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const)(
      '%s /api/nope is a JSON 404',
      async (method) => {
        const response = await t.app.inject({
          method,
          url: '/api/Users/Nope?x=1',
          payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
          headers: method === 'GET' || method === 'HEAD' ? {} : JSON_TYPE,
        });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        if (method !== 'HEAD') expectError(response, 'NOT_FOUND');
      },
    );

    it('answers 404 even to a foreign, non-JSON request', async () => {
      const response = await post('/api/nope', {
        body: 'a=1',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.test' },
      });
      expectError(response, 'NOT_FOUND');
    });

    it('answers a known path with the wrong method with 404 JSON', async () => {
      expectError(await post('/api/health', { body: '{}', headers: JSON_TYPE }), 'NOT_FOUND');
    });

    it('turns a malformed URL into 400, not 500', async () => {
      expectError(await t.app.inject('/api/%zz'), 'BAD_REQUEST');
    });
  });

  describe('request bodies', () => {
    it('accepts a valid JSON body', async () => {
      const response = await post(submit, {
        body: JSON.stringify(VALID_APPLICATION),
        headers: { ...JSON_TYPE, origin: OWN_ORIGIN },
      });
      expect(response.statusCode).toBe(200);
      expect(jsonOf(response)).toEqual({ received: 'Ada' });
    });

    it('accepts a charset on the JSON content type', async () => {
      const response = await post(submit, {
        body: JSON.stringify(VALID_APPLICATION),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('rejects malformed JSON with 400 MALFORMED_JSON', async () => {
      expectError(await post(submit, { body: '{"name": ', headers: JSON_TYPE }), 'MALFORMED_JSON');
    });

    it('rejects prototype pollution as malformed JSON', async () => {
      const body = '{"__proto__": {"admin": true}}';
      expectError(await post(submit, { body, headers: JSON_TYPE }), 'MALFORMED_JSON');
    });

    it('rejects an empty JSON body with 400', async () => {
      const response = await post(submit, { body: '', headers: JSON_TYPE });
      expect(response.statusCode).toBe(400);
      expectError(response, 'MALFORMED_JSON');
    });

    it.each([
      ['text/plain', '{"name":"x"}'],
      ['application/x-www-form-urlencoded', 'name=x'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/xml', '<a/>'],
    ])('rejects %s with 415', async (contentType, body) => {
      const response = await post(submit, { body, headers: { 'content-type': contentType } });
      expectError(response, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('rejects a POST without a content type with 415, with or without a body', async () => {
      expectError(await post(submit), 'UNSUPPORTED_MEDIA_TYPE');
      expectError(await post(submit, { body: '{}', headers: {} }), 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('rejects a 1 MB body with 413', async () => {
      const body = JSON.stringify({
        ...VALID_APPLICATION,
        companyDescription: 'x'.repeat(1 << 20),
      });
      expectError(await post(submit, { body, headers: JSON_TYPE }), 'PAYLOAD_TOO_LARGE');
    });

    it('names the invalid fields in a validation error', async () => {
      const body = JSON.stringify({
        ...VALID_APPLICATION,
        email: 'not-an-email',
        phone: undefined,
      });
      const error = expectError(
        await post(submit, { body, headers: JSON_TYPE }),
        'VALIDATION_FAILED',
      );
      expect(error.message).toBe('Some fields are missing or not valid: email, phone.');
    });

    it('refuses a NUL character anywhere in the body with 400 and its reason', async () => {
      for (const body of [
        { ...VALID_APPLICATION, name: 'Ada\u0000' },
        { ...VALID_APPLICATION, extra: { deep: ['fine', 'x\u0000y'] } },
        { ...VALID_APPLICATION, ['key\u0000']: 'value' },
      ]) {
        const response = await post(submit, { body: JSON.stringify(body), headers: JSON_TYPE });
        const error = expectError(response, 'BAD_REQUEST');
        expect(error.message).toBe('Text must not contain NUL characters.');
      }
    });

    it('names the body itself when it is not an object', async () => {
      const error = expectError(
        await post(submit, { body: '[1,2]', headers: JSON_TYPE }),
        'VALIDATION_FAILED',
      );
      expect(error.message).toBe('Some fields are missing or not valid: body.');
    });
  });

  describe('Origin check', () => {
    const body = JSON.stringify(VALID_APPLICATION);

    it('accepts our own origin and requests without an Origin header', async () => {
      expect(
        (await post(submit, { body, headers: { ...JSON_TYPE, origin: OWN_ORIGIN } })).statusCode,
      ).toBe(200);
      expect((await post(submit, { body, headers: JSON_TYPE })).statusCode).toBe(200);
    });

    it.each(['https://evil.test', 'null', 'http://localhost:3000.evil.test', GAME_ORIGIN])(
      'refuses %s with 403 on an app route',
      async (origin) => {
        const response = await post(submit, { body, headers: { ...JSON_TYPE, origin } });
        expectError(response, 'FORBIDDEN_ORIGIN');
      },
    );

    it('refuses a foreign origin before reading the body', async () => {
      const response = await post(submit, {
        body: 'name=x',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.test' },
      });
      expectError(response, 'FORBIDDEN_ORIGIN');
    });

    it('lets the game origin call game routes', async () => {
      const gameBody = JSON.stringify({ score: 3 });
      for (const origin of [OWN_ORIGIN, GAME_ORIGIN]) {
        const response = await post(PROBE.game, {
          body: gameBody,
          headers: { ...JSON_TYPE, origin },
        });
        expect(response.statusCode).toBe(200);
      }
      const foreign = await post(PROBE.game, {
        body: gameBody,
        headers: { ...JSON_TYPE, origin: 'https://evil.test' },
      });
      expectError(foreign, 'FORBIDDEN_ORIGIN');
    });

    it('does not check GET requests', async () => {
      const response = await t.app.inject({
        url: '/api/config',
        headers: { origin: 'https://evil.test' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('Referer and the CSRF header (W25, R19)', () => {
    const body = JSON.stringify(VALID_APPLICATION);

    it('refuses a state-changing call without the custom header, even from our origin', async () => {
      for (const headers of [JSON_TYPE, { ...JSON_TYPE, origin: OWN_ORIGIN }]) {
        expectError(
          await post(submit, { body, headers, csrfHeader: false }),
          'CSRF_HEADER_MISSING',
        );
      }
      const wrong = { ...JSON_TYPE, [CSRF_HEADER.name]: 'fetch' };
      expectError(
        await post(submit, { body, headers: wrong, csrfHeader: false }),
        'CSRF_HEADER_MISSING',
      );
    });

    it('accepts our own pages as Referer when Origin is absent', async () => {
      for (const referer of [`${OWN_ORIGIN}/store?x=1`, `${OWN_ORIGIN}/`]) {
        const response = await post(submit, { body, headers: { ...JSON_TYPE, referer } });
        expect(response.statusCode, referer).toBe(200);
      }
    });

    it.each([
      'https://evil.test/page',
      'http://localhost:3000.evil.test/',
      `${GAME_ORIGIN}/`,
      'not a URL',
    ])('refuses the Referer %s when Origin is absent', async (referer) => {
      const response = await post(submit, { body, headers: { ...JSON_TYPE, referer } });
      expectError(response, 'FORBIDDEN_ORIGIN');
    });

    it('judges Origin, not Referer, when both are sent', async () => {
      const headers = { ...JSON_TYPE, origin: 'https://evil.test', referer: `${OWN_ORIGIN}/` };
      expectError(await post(submit, { body, headers }), 'FORBIDDEN_ORIGIN');
    });

    it('needs no custom header on webhook and game routes, which carry no player cookie', async () => {
      const webhook = await post(PROBE.webhook, {
        body: '{}',
        headers: JSON_TYPE,
        csrfHeader: false,
      });
      expect(webhook.statusCode).toBe(200);
      const game = await post(PROBE.game, {
        body: JSON.stringify({ score: 1 }),
        headers: { ...JSON_TYPE, origin: GAME_ORIGIN },
        csrfHeader: false,
      });
      expect(game.statusCode).toBe(200);
    });

    it.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])(
      'accepts %s, a loopback alias of the public origin, outside production',
      async (origin) => {
        expect((await post(submit, { body, headers: { ...JSON_TYPE, origin } })).statusCode).toBe(
          200,
        );
        const referer = `${origin}/dashboard`;
        expect((await post(submit, { body, headers: { ...JSON_TYPE, referer } })).statusCode).toBe(
          200,
        );
      },
    );

    it.each(['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://127.0.0.2:3000'])(
      'refuses %s, which is another server',
      async (origin) => {
        expectError(
          await post(submit, { body, headers: { ...JSON_TYPE, origin } }),
          'FORBIDDEN_ORIGIN',
        );
      },
    );

    it('accepts only the public origin itself in production', async () => {
      const production = await createTestApp({
        env: PRODUCTION_ENV,
        testModules: [probeModule],
      });
      try {
        const postThere = poster(() => production.app);
        const alias = { ...JSON_TYPE, origin: 'http://127.0.0.1:3000' };
        expectError(await postThere(submit, { body, headers: alias }), 'FORBIDDEN_ORIGIN');
        const own = { ...JSON_TYPE, origin: OWN_ORIGIN };
        expect((await postThere(submit, { body, headers: own })).statusCode).toBe(200);
      } finally {
        await production.close();
      }
    });
  });

  describe('route access kinds', () => {
    it('refuses internal routes to everyone', async () => {
      const response = await post(PROBE.internal, { body: '{}', headers: JSON_TYPE });
      expectError(response, 'FORBIDDEN');
    });

    it('serves dev routes outside production only', async () => {
      expect((await getLocally(t.app, '/api/dev/mailbox')).statusCode).toBe(200);
      const production = await createTestApp({
        env: PRODUCTION_ENV,
        testModules: [probeModule],
      });
      try {
        expectError(await getLocally(production.app, '/api/dev/mailbox'), 'NOT_FOUND');
      } finally {
        await production.close();
      }
    });
  });

  it('turns a bug into a generic 500 that reveals nothing', async () => {
    const response = await t.app.inject(PROBE.bug);
    const error = expectError(response, 'INTERNAL');
    expect(error.message).toBe(ERRORS.INTERNAL.message);
    expect(response.body).not.toMatch(/exploded|hunter2/);
  });

  it('never answers 5xx to random bodies and content types (fuzz)', async () => {
    const contentTypes = fc.constantFrom(
      undefined,
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/octet-stream',
      '',
      ';;;',
    );
    const bodies = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.record({ name: fc.anything(), email: fc.anything() }).map((value) => {
        try {
          return JSON.stringify(value) ?? '';
        } catch {
          return '';
        }
      }),
      fc.constant(JSON.stringify(VALID_APPLICATION)),
    );
    const origins = fc.constantFrom(undefined, OWN_ORIGIN, 'https://evil.test');
    await fc.assert(
      fc.asyncProperty(contentTypes, bodies, origins, async (contentType, body, origin) => {
        const headers: Record<string, string> = {};
        if (contentType !== undefined) headers['content-type'] = contentType;
        if (origin !== undefined) headers.origin = origin;
        const response = await post(submit, { body, headers });
        expect(response.statusCode).toBeLessThan(500);
        const parsed = JSON.parse(response.body) as Record<string, unknown>;
        if (response.statusCode >= 400)
          expect(Object.keys(parsed).sort()).toEqual(['code', 'message']);
      }),
      { numRuns: 200 },
    );
  });
});
