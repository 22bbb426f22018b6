/**
 * With the database unreachable, calls answer 503 with Retry-After and a plain message, never a
 * 500 that reads like a bug (security.md R10).
 */
import { ERRORS } from '@questfield/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createLogger } from '../src/lib/logger';
import { login, postJson, signUp } from './helpers/accounts';
import { createTestApp, dbKind, jsonOf, testEnv } from './helpers/test-app';

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(jsonOf(response)).toEqual({
    code: 'SERVICE_UNAVAILABLE',
    message: ERRORS.SERVICE_UNAVAILABLE.message,
  });
}

describe(`database outage [${dbKind}]`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers Users/Login and Users/Me 503 with Retry-After once the database is closed', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const player = await signUp(t.app);
    await t.database.handle.close();
    expectUnavailable(await login(t.app, player.email));
    expectUnavailable(await postJson(t.app, 'usersMe', {}, { cookie: player.cookie }));
  });

  it('answers 503 when the database server refuses connections', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    const handle = await openDatabase({
      driver: 'postgres',
      url: 'postgres://questfield:questfield@127.0.0.1:1/questfield',
    });
    const app: App = await buildApp({
      env: testEnv(),
      db: handle,
      logger: createLogger({ level: 'silent' }),
    });
    cleanups.push(async () => {
      await app.close();
      await handle.close();
    });
    expectUnavailable(await login(app, 'nobody@example.com'));
    expectUnavailable(await postJson(app, 'usersMe', {}, { cookie: 'x'.repeat(43) }));
  });
});
