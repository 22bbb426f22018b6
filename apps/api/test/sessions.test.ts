import { API_ROUTES, CSRF_HEADER, ERRORS, SESSION_COOKIE } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codes, redemptions, sessions } from '../src/db/schema';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  hashSessionId,
} from '../src/modules/accounts/sessions.service';
import { PASSWORD, login, postJson, sessionCookieOf, signUp } from './helpers/accounts';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

type Clock = { advance(ms: number): void };

describe(`sessions [${dbKind}]`, () => {
  let t: TestApp;
  const clock = () => t.clock as unknown as Clock;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('Users/Me answers the account with its redeemed codes, oldest first, in one round trip', async () => {
    const player = await signUp(t.app);
    const db = t.database.handle.db;
    const services = servicesOf(t);
    const labels = ['WELCOME16', 'QF-CARD-0002', 'O\'Brien, "quoted" {x}'];
    // Redemptions as the codes module writes them (claimed, recorded, posted), dated apart.
    for (const [i, label] of labels.entries()) {
      await db.transaction(async (tx) => {
        const redeemedAt = new Date(Date.UTC(2026, 0, 1 + i));
        const claim = { claimedBy: player.id, claimedAt: redeemedAt };
        const [code] = await tx
          .insert(codes)
          .values({ codeHash: `hash-${i}`, kind: 'one_time', credits: 16, label, ...claim })
          .returning({ id: codes.id });
        const codeId = code?.id ?? '';
        await tx
          .insert(redemptions)
          .values({ codeId, userId: player.id, codeLabel: label, redeemedAt });
        const source = { type: 'code', id: codeId } as const;
        await services.credits.post(tx, { userId: player.id, delta: 16, reason: 'redeem', source });
      });
    }
    // Count the round trips to the database while Users/Me is answered.
    const client = t.database.handle.client as unknown as {
      query: (...args: unknown[]) => unknown;
    };
    const query = client.query.bind(client);
    let queries = 0;
    client.query = (...args: unknown[]) => {
      queries += 1;
      return query(...args);
    };
    const response = await postJson(t.app, 'usersMe', {}, { cookie: player.cookie });
    client.query = query;
    expect(response.statusCode).toBe(200);
    expect(queries).toBe(1);
    expect(jsonOf<{ redeemedCodes: unknown }[]>(response)[0]?.redeemedCodes).toEqual(
      labels.map((code) => ({ code })),
    );
  });

  it('R13: every registered `session` route answers 401 without a session', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const registered = new Set([...routes.matchAll(/(\/api\S*) \(/g)].map((m) => m[1]));
    const sessionRoutes = Object.entries(API_ROUTES).filter(
      ([, route]) => route.access === 'session' && registered.has(route.path),
    );
    expect(sessionRoutes.map(([name]) => name)).toEqual(
      expect.arrayContaining(['usersMe', 'usersUpdate', 'usersGetByNameOrEmail']),
    );
    for (const [name, route] of sessionRoutes) {
      for (const cookie of [undefined, 'forged-value', 'A'.repeat(43)]) {
        const response = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: {
            'content-type': 'application/json',
            [CSRF_HEADER.name]: CSRF_HEADER.value,
            ...(cookie === undefined ? {} : { cookie: `qf_session=${cookie}` }),
          },
          payload: route.method === 'POST' ? '{}' : undefined,
        });
        expect(response.statusCode, name).toBe(401);
        expect(jsonOf(response), name).toEqual({
          code: 'UNAUTHENTICATED',
          message: ERRORS.UNAUTHENTICATED.message,
        });
      }
    }
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie without Domain over http', async () => {
    await signUp(t.app, { username: 'cookie1' });
    const response = await login(t.app, 'cookie1');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE.insecure}=[A-Za-z0-9_-]{43};`));
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('uses a __Host- cookie with Secure when PUBLIC_ORIGIN is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://questfield.example' } });
    try {
      const response = await postJson(secure.app, 'usersCreate', {
        username: 'secure1',
        email: 'secure1@example.com',
        password: PASSWORD,
      });
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-qf_session=[A-Za-z0-9_-]{43};/);
      expect(header).toMatch(/Secure/);
      expect(header).toMatch(/HttpOnly/);
      expect(header).toMatch(/SameSite=Lax/);
      expect(header).toMatch(/Path=\//);
      expect(header).not.toMatch(/Domain=/i);
      const value = /=([^;]+);/.exec(header)?.[1] ?? '';
      const me = await secure.app.inject({
        method: 'POST',
        url: API_ROUTES.usersMe.path,
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER.name]: CSRF_HEADER.value,
          cookie: `__Host-qf_session=${value}`,
        },
        payload: '{}',
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('stores only the SHA-256 of the cookie value', async () => {
    const player = await signUp(t.app);
    const rows = await t.database.handle.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).toBe(hashSessionId(player.cookie));
    expect(JSON.stringify(rows)).not.toContain(player.cookie);
  });

  it('fixation: a pre-set cookie is never promoted, and login issues a new id', async () => {
    await signUp(t.app, { username: 'fixme' });
    const planted = 'P'.repeat(43);
    const response = await postJson(
      t.app,
      'usersLogin',
      { email: 'fixme', password: PASSWORD },
      { cookie: planted },
    );
    expect(response.statusCode).toBe(200);
    const issued = sessionCookieOf(response);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued).not.toBe(planted);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: planted })).statusCode).toBe(401);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: issued })).statusCode).toBe(200);
  });

  it('logout deletes the session and clears the cookie; the old cookie then gets 401', async () => {
    const player = await signUp(t.app);
    const response = await postJson(t.app, 'usersLogout', {}, { cookie: player.cookie });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toHaveProperty('message');
    // The browser drops the app's storage too (security.md W4); the device cookie stays.
    expect(response.headers['clear-site-data']).toBe('"storage"');
    expect(response.cookies.map((c) => c.name)).toEqual(['qf_session']);
    const cleared = response.cookies.find((c) => c.name === 'qf_session');
    expect(cleared?.value).toBe('');
    expect(await t.database.handle.db.select().from(sessions)).toEqual([]);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(401);
    // Logging out without a session is harmless.
    expect((await postJson(t.app, 'usersLogout', {})).statusCode).toBe(200);
  });

  it('expires after 7 idle days, sliding with use', async () => {
    const player = await signUp(t.app);
    clock().advance(SESSION_IDLE_MS - 60_000);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(200);
    // Used a minute before the idle limit: the window slides.
    clock().advance(SESSION_IDLE_MS - 60_000);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(200);
    clock().advance(SESSION_IDLE_MS + 1_000);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(401);
    expect(await t.database.handle.db.select().from(sessions)).toEqual([]);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const player = await signUp(t.app);
    const seen = async () =>
      (
        await t.database.handle.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.idHash, hashSessionId(player.cookie)))
      )[0]?.at.getTime();
    const first = await seen();
    clock().advance(30_000);
    await postJson(t.app, 'usersMe', {}, { cookie: player.cookie });
    expect(await seen()).toBe(first);
    clock().advance(31_000);
    await postJson(t.app, 'usersMe', {}, { cookie: player.cookie });
    expect(await seen()).toBe((first ?? 0) + 61_000);
  });

  it('ends 30 days after sign-in even when used every day', async () => {
    const player = await signUp(t.app);
    const day = 24 * 60 * 60_000;
    for (let elapsed = day; elapsed < SESSION_ABSOLUTE_MS; elapsed += day) {
      clock().advance(day);
      expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(
        200,
      );
    }
    clock().advance(day);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(401);
  });
});
