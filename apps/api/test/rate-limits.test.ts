import { ERRORS, MESSAGES } from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authAttempts } from '../src/db/schema';
import { LIMITS, loginBackoffMs } from '../src/modules/accounts/auth-limits';
import { LOGIN_THROTTLED, login, postJson, signUp } from './helpers/accounts';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

type Clock = { advance(ms: number): void; now(): Date };
const RATE_LIMITED = { code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message };

describe(`brute-force limits (R17) [${dbKind}]`, () => {
  let t: TestApp;
  const clock = () => t.clock as unknown as Clock;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('backs off after 5 failures on one account, then lets the owner in', async () => {
    const player = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, player.email, 'wrong-password-x', '10.1.0.1')).statusCode).toBe(
        401,
      );
    }
    // Even the right password waits out the backoff from the address that failed.
    expect(jsonOf(await login(t.app, player.email, undefined, '10.1.0.1'))).toEqual(
      LOGIN_THROTTLED,
    );
    clock().advance(loginBackoffMs(5) + 1);
    expect((await login(t.app, player.email, undefined, '10.1.0.1')).statusCode).toBe(200);
  });

  it('grows the backoff exponentially and caps it', () => {
    expect(loginBackoffMs(4)).toBe(0);
    expect(loginBackoffMs(5)).toBe(1_000);
    expect(loginBackoffMs(8)).toBe(8_000);
    expect(loginBackoffMs(50)).toBe(LIMITS.loginBackoffMaxMs);
  });

  it('refuses the 101st failure within an hour, and the victim logs in after the window', async () => {
    const player = await signUp(t.app);
    const now = clock().now().getTime();
    // 100 failures over the past hour, the last one ten minutes ago (past any backoff).
    await t.database.handle.db.insert(authAttempts).values(
      Array.from({ length: 100 }, (_, i) => ({
        kind: 'login' as const,
        subject: player.id,
        ip: `10.2.${i}.1`,
        succeeded: false,
        createdAt: new Date(now - 59 * 60_000 + i * 29_000),
      })),
    );
    expect(jsonOf(await login(t.app, player.email, undefined, '10.3.0.1'))).toEqual(
      LOGIN_THROTTLED,
    );
    clock().advance(60 * 60_000);
    expect((await login(t.app, player.email, undefined, '10.3.0.1')).statusCode).toBe(200);
  });

  it('limits logins per IP to 30 a minute', async () => {
    await signUp(t.app, { username: 'ipuser' });
    for (let i = 0; i < LIMITS.loginPerIpPerMinute; i += 1) {
      expect((await login(t.app, `nobody${i}@example.com`, 'x', '10.4.0.1')).statusCode).toBe(401);
    }
    expect(jsonOf(await login(t.app, 'ipuser', undefined, '10.4.0.1'))).toEqual(LOGIN_THROTTLED);
    expect((await login(t.app, 'ipuser', undefined, '10.4.0.2')).statusCode).toBe(200);
    clock().advance(61_000);
    expect((await login(t.app, 'ipuser', undefined, '10.4.0.1')).statusCode).toBe(200);
  });

  it('throttles the 4th recovery request within 15 minutes, known or unknown', async () => {
    const player = await signUp(t.app);
    for (const email of [player.email, 'ghost@example.com']) {
      for (let i = 0; i < 3; i += 1) {
        const response = await postJson(t.app, 'usersRequestRecoveryCode', { email });
        expect(jsonOf(response)).toEqual({ message: MESSAGES.recoveryRequested });
      }
      const fourth = await postJson(t.app, 'usersRequestRecoveryCode', { email });
      expect(fourth.statusCode).toBe(429);
      expect(jsonOf(fourth)).toEqual(RATE_LIMITED);
    }
    clock().advance(15 * 60_000 + 1);
    const later = await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    expect(later.statusCode).toBe(200);
  });

  it('limits recovery requests per IP across addresses', async () => {
    for (let i = 0; i < LIMITS.recoveryPerIp15Min; i += 1) {
      const response = await postJson(
        t.app,
        'usersRequestRecoveryCode',
        { email: `g${i}@example.com` },
        { ip: '10.5.0.1' },
      );
      expect(response.statusCode).toBe(200);
    }
    const next = await postJson(
      t.app,
      'usersRequestRecoveryCode',
      { email: 'last@example.com' },
      { ip: '10.5.0.1' },
    );
    expect(next.statusCode).toBe(429);
  });

  it('allows 10 code checks a minute per account and IP', async () => {
    const player = await signUp(t.app);
    for (let i = 0; i < LIMITS.verifyPerAccountIpPerMinute; i += 1) {
      const response = await postJson(t.app, 'usersVerifyRecoveryCode', {
        email: player.email,
        code: '000000',
      });
      expect(response.statusCode).toBe(400);
    }
    const eleventh = await postJson(t.app, 'usersVerifyRecoveryCode', {
      email: player.email,
      code: '000000',
    });
    expect(jsonOf(eleventh)).toEqual(RATE_LIMITED);
    clock().advance(61_000);
    const later = await postJson(t.app, 'usersVerifyRecoveryCode', {
      email: player.email,
      code: '000000',
    });
    expect(later.statusCode).toBe(400);
  });
});
