/** Bad input on every account endpoint: always a clear 4xx, never a 500, nothing changed. */
import type { ApiRouteName } from '@questfield/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, recoveryCodes, sessions, users } from '../src/db/schema';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { createTestApp, dbKind, type TestApp } from './helpers/test-app';

const ROUTES: ApiRouteName[] = [
  'usersCreate',
  'usersLogin',
  'usersMe',
  'usersLogout',
  'usersUpdate',
  'usersGetByNameOrEmail',
  'usersRequestRecoveryCode',
  'usersVerifyRecoveryCode',
  'usersUpdatePassword',
];

const NASTY_STRINGS = [
  '',
  'x'.repeat(10_000),
  "' OR 1=1 --",
  'admin@example.com; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 💥 ñ',
  '\u0000\u202e',
];
const NASTY_VALUES: unknown[] = [null, 42, true, [], {}, ['a'], { $ne: null }];

describe(`account input hardening [${dbKind}]`, () => {
  let t: TestApp;
  let player: SignedUp;
  let snapshot: string;

  async function state(): Promise<string> {
    const db = t.database.handle.db;
    return JSON.stringify([
      await db.select().from(users),
      (await db.select().from(sessions)).length,
      await db.select().from(recoveryCodes),
      (await db.select().from(emailOutbox)).length,
    ]);
  }

  function expectClear4xx(response: { statusCode: number; body: string }, label: string) {
    expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, label).toBeLessThan(500);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(typeof body.message, label).toBe('string');
    expect(String(body.message).length, label).toBeGreaterThan(0);
    expect(String(body.message).length, label).toBeLessThan(300);
  }

  beforeAll(async () => {
    t = await createTestApp();
    player = await signUp(t.app, { username: 'steady', email: 'steady@example.com' });
    snapshot = await state();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses missing fields, extra fields and wrong types everywhere', async () => {
    for (const route of ROUTES) {
      for (const body of [
        [],
        'text',
        { unexpected: 'field' },
        { email: 42, password: {}, username: null, code: [], resetToken: true },
      ]) {
        const response = await postJson(t.app, route, body, { cookie: player.cookie });
        expectClear4xx(response, `${route} ${JSON.stringify(body)}`);
      }
    }
    expect(await state()).toBe(snapshot);
  });

  it('refuses long, unicode, SQL- and HTML-looking strings without a 500 or a change', async () => {
    const bodies: Partial<Record<ApiRouteName, (s: string) => unknown>> = {
      usersCreate: (s) => ({ username: s, email: s, password: s }),
      usersLogin: (s) => ({ email: s, password: s }),
      usersUpdate: (s) => ({ username: s, firstName: s, lastName: s, id: s }),
      usersRequestRecoveryCode: (s) => ({ email: s }),
      usersVerifyRecoveryCode: (s) => ({ email: s, code: s }),
      usersUpdatePassword: (s) => ({ email: s, password: s, resetToken: s }),
    };
    for (const [route, make] of Object.entries(bodies)) {
      for (const value of NASTY_STRINGS) {
        const response = await postJson(t.app, route as ApiRouteName, make(value), {
          cookie: player.cookie,
          ip: `10.7.${NASTY_STRINGS.indexOf(value)}.${route.length}`,
        });
        // A recovery request answers 200 for any syntactically fine address; never anything else.
        if (response.statusCode === 200) {
          expect(route).toBe('usersRequestRecoveryCode');
          continue;
        }
        expectClear4xx(response, `${route} ${value.slice(0, 20)}`);
      }
    }
    expect(JSON.parse(await state())[0]).toEqual(JSON.parse(snapshot)[0]);
  });

  it('property: arbitrary JSON bodies never cause a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(
          fc.dictionary(
            fc.constantFrom(
              'email',
              'password',
              'username',
              'code',
              'resetToken',
              'id',
              'credits',
              'firstName',
            ),
            fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom(...NASTY_VALUES), fc.integer()),
          ),
          fc.jsonValue(),
        ),
        async (route, body) => {
          const response = await postJson(t.app, route, body, {
            cookie: player.cookie,
            ip: '10.8.0.1',
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) expectClear4xx(response, route);
        },
      ),
      { numRuns: 150 },
    );
    const after = JSON.parse(await state()) as [
      { id: string; credits: number; username: string }[],
    ];
    const me = after[0].find((u) => u.id === player.id);
    expect(me?.credits).toBe(0);
  });
});
