import { ERRORS, publicUser, signUpResponse } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { PASSWORD, login, postJson, sessionCookieOf, signUp } from './helpers/accounts';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

describe(`accounts [${dbKind}]`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  describe('sign-up', () => {
    it('creates the user, answers { data: [user] } with the public shape and sets a session', async () => {
      const response = await postJson(t.app, 'usersCreate', {
        username: 'ada',
        email: 'Ada@Example.com',
        password: PASSWORD,
        appid: 'questfield-web',
      });
      expect(response.statusCode).toBe(200);
      const body = signUpResponse.parse(jsonOf(response));
      const user = body.data[0];
      expect(user).toMatchObject({ username: 'ada', email: 'Ada@Example.com', credits: 0 });
      expect(user?.id).toBe(user?.userId);
      expect(user?.redeemedCodes).toEqual([]);
      expect(Object.keys(user ?? {}).sort()).toEqual(Object.keys(publicUser.shape).sort());
      expect(response.body).not.toMatch(/argon2|password/i);
      expect(sessionCookieOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await t.database.handle.db
        .select()
        .from(users)
        .where(eq(users.username, 'ada'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('refuses a duplicate email or username, case-insensitively', async () => {
      await signUp(t.app, { username: 'grace', email: 'grace@example.com' });
      const byEmail = await postJson(t.app, 'usersCreate', {
        username: 'other',
        email: 'GRACE@example.com',
        password: PASSWORD,
      });
      expect(byEmail.statusCode).toBe(409);
      expect(jsonOf(byEmail)).toEqual({ code: 'EMAIL_TAKEN', message: ERRORS.EMAIL_TAKEN.message });
      const byName = await postJson(t.app, 'usersCreate', {
        username: 'GRACE',
        email: 'other@example.com',
        password: PASSWORD,
      });
      expect(jsonOf(byName)).toMatchObject({ code: 'USERNAME_TAKEN' });
    });

    it('maps the unique-violation race of two simultaneous sign-ups', async () => {
      const body = { username: 'racer', email: 'racer@example.com', password: PASSWORD };
      const results = await Promise.all([
        postJson(t.app, 'usersCreate', body),
        postJson(t.app, 'usersCreate', body),
        postJson(t.app, 'usersCreate', body),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(['EMAIL_TAKEN', 'USERNAME_TAKEN']).toContain(jsonOf(r).code);
      }
    });

    it.each([
      ['short1!', 'PASSWORD_TOO_SHORT'],
      ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
      ['password', 'PASSWORD_TOO_COMMON'],
      ['Iloveyou1', 'PASSWORD_TOO_COMMON'],
      ['qwertyuiop', 'PASSWORD_TOO_COMMON'],
    ] as const)('applies the password policy to %j', async (password, code) => {
      const response = await postJson(t.app, 'usersCreate', {
        username: 'policy',
        email: 'policy@example.com',
        password,
      });
      expect(jsonOf(response)).toEqual({ code, message: ERRORS[code].message });
      expect(await t.database.handle.db.select().from(users)).toEqual([]);
    });

    it('uses the contract message for an invalid email or username', async () => {
      const badEmail = await postJson(t.app, 'usersCreate', {
        username: 'ok_name',
        email: 'not-an-email',
        password: PASSWORD,
      });
      expect(jsonOf(badEmail)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Please enter a valid email address.',
      });
      const badName = await postJson(t.app, 'usersCreate', {
        username: 'a b',
        email: 'ok@example.com',
        password: PASSWORD,
      });
      expect(jsonOf(badName).message).toMatch(/^Usernames are 3 to 30/);
    });
  });

  describe('login', () => {
    it('accepts the email or the username, any case, and sets a new session each time', async () => {
      const player = await signUp(t.app, { username: 'Linus', email: 'linus@example.com' });
      const byEmail = await login(t.app, 'LINUS@example.com');
      expect(byEmail.statusCode).toBe(200);
      const [user] = jsonOf<{ id: string }[]>(byEmail);
      expect(user?.id).toBe(player.id);
      const byName = await login(t.app, 'linus');
      expect(byName.statusCode).toBe(200);
      const first = sessionCookieOf(byEmail);
      const second = sessionCookieOf(byName);
      expect(new Set([player.cookie, first, second]).size).toBe(3);
    });

    it('fails identically for an unknown user and a wrong password', async () => {
      await signUp(t.app, { username: 'known', email: 'known@example.com' });
      const unknown = await login(t.app, 'nobody@example.com');
      const wrong = await login(t.app, 'known@example.com', 'wrong-password-123');
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(401);
        expect(jsonOf(response)).toEqual({ code: 'LOGIN_FAILED', message: 'Login failed' });
        expect(sessionCookieOf(response)).toBeUndefined();
      }
    });
  });

  describe('Me, Logout, GetByNameOrEmail', () => {
    it('Me answers the session user; 401 without a session', async () => {
      const player = await signUp(t.app);
      const me = await postJson(t.app, 'usersMe', {}, { cookie: player.cookie });
      expect(me.statusCode).toBe(200);
      expect(jsonOf<{ id: string }[]>(me)[0]?.id).toBe(player.id);
      const anonymous = await postJson(t.app, 'usersMe', {});
      expect(jsonOf(anonymous)).toEqual({
        code: 'UNAUTHENTICATED',
        message: ERRORS.UNAUTHENTICATED.message,
      });
    });

    it('GetByNameOrEmail answers only the session user and never recovery fields', async () => {
      const player = await signUp(t.app, { username: 'owner', email: 'owner@example.com' });
      await signUp(t.app, { username: 'stranger', email: 'stranger@example.com' });
      await postJson(t.app, 'usersRequestRecoveryCode', { email: 'owner@example.com' });
      const own = await postJson(
        t.app,
        'usersGetByNameOrEmail',
        { email: 'OWNER@example.com' },
        { cookie: player.cookie },
      );
      expect(jsonOf<unknown[]>(own)).toHaveLength(1);
      expect(own.body).not.toMatch(/recovery|hash|token/i);
      const byName = await postJson(
        t.app,
        'usersGetByNameOrEmail',
        { email: 'owner' },
        { cookie: player.cookie },
      );
      expect(jsonOf<unknown[]>(byName)).toHaveLength(1);
      for (const other of ['stranger@example.com', 'stranger', 'nobody@example.com']) {
        const response = await postJson(
          t.app,
          'usersGetByNameOrEmail',
          { email: other },
          { cookie: player.cookie },
        );
        expect(response.statusCode).toBe(200);
        expect(jsonOf(response)).toEqual([]);
      }
    });
  });

  describe('Update (R12: no mass assignment, no IDOR)', () => {
    it('changes only the allowed fields of the session user', async () => {
      const player = await signUp(t.app, { username: 'editor', email: 'editor@example.com' });
      const response = await postJson(
        t.app,
        'usersUpdate',
        { id: player.id, username: 'Editor2', firstName: 'Ed', lastName: '<b>Itor</b>' },
        { cookie: player.cookie },
      );
      expect(response.statusCode).toBe(200);
      expect(jsonOf<unknown[]>(response)[0]).toMatchObject({
        username: 'Editor2',
        firstName: 'Ed',
        lastName: '<b>Itor</b>',
        credits: 0,
      });
      const partial = await postJson(
        t.app,
        'usersUpdate',
        { firstName: 'Edd' },
        { cookie: player.cookie },
      );
      expect(jsonOf<unknown[]>(partial)[0]).toMatchObject({
        username: 'Editor2',
        firstName: 'Edd',
        lastName: '<b>Itor</b>',
      });
    });

    it('refuses a taken username', async () => {
      const player = await signUp(t.app);
      await signUp(t.app, { username: 'takenname' });
      const response = await postJson(
        t.app,
        'usersUpdate',
        { username: 'TakenName' },
        { cookie: player.cookie },
      );
      expect(jsonOf(response)).toMatchObject({ code: 'USERNAME_TAKEN' });
    });

    it.each([
      { credits: 9999 },
      { recoveryCode: '123456' },
      { recoveryTime: '2030-01-01T00:00:00Z' },
      { passwordHash: 'x' },
      { email: 'hijack@example.com' },
      { username: 'fine_name', credits: 9999 },
    ])('refuses %j with 400 and changes nothing', async (body) => {
      const player = await signUp(t.app);
      const before = await t.database.handle.db.select().from(users);
      const response = await postJson(t.app, 'usersUpdate', body, { cookie: player.cookie });
      expect(response.statusCode).toBe(400);
      expect(jsonOf(response).code).toBe('VALIDATION_FAILED');
      expect(await t.database.handle.db.select().from(users)).toEqual(before);
      expect(hasViolations(await findInvariantViolations(t.database.handle.db))).toBe(false);
    });

    it('refuses a foreign id with 403 and leaves both users untouched', async () => {
      const attacker = await signUp(t.app);
      const victim = await signUp(t.app);
      const before = await t.database.handle.db.select().from(users);
      const response = await postJson(
        t.app,
        'usersUpdate',
        { id: victim.id, username: 'pwned_name', firstName: 'Pwned' },
        { cookie: attacker.cookie },
      );
      expect(response.statusCode).toBe(403);
      expect(jsonOf(response).code).toBe('FORBIDDEN');
      expect(await t.database.handle.db.select().from(users)).toEqual(before);
      expect(hasViolations(await findInvariantViolations(t.database.handle.db))).toBe(false);
    });
  });
});
