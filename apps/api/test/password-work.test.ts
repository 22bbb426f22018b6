/**
 * Argon2 work is bounded (security.md W22): a few hashes at once, a short queue, a few per
 * client address; past those the answer comes at once with Retry-After, so guesses cannot
 * starve real sign-ins. The bounds are checked on calls made in one tick, which reach the
 * checks before any of them finishes.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactor } from '../src/db/client';
import { isAppError } from '../src/lib/app-error';
import { createAudit } from '../src/lib/audit';
import { createLogger } from '../src/lib/logger';
import { createAccountsService } from '../src/modules/accounts/accounts.service';
import { createAuthLimits } from '../src/modules/accounts/auth-limits';
import { createPasswords, hashPassword, type Passwords } from '../src/modules/accounts/password';
import { createSessionService } from '../src/modules/accounts/sessions.service';
import { PASSWORD, login, postJson, signUp } from './helpers/accounts';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const codeOf = (outcome: PromiseSettledResult<boolean>) =>
  outcome.status === 'fulfilled'
    ? 'checked'
    : isAppError(outcome.reason)
      ? `${outcome.reason.code} ${outcome.reason.retryAfterSeconds}`
      : String(outcome.reason);

/** One check as a password step of its own, from `caller` (in the trusted lane if it says so). */
const verifyFrom = (
  passwords: Passwords,
  caller: { ip: string; trustedDevice?: boolean },
  passwordHash: string,
  password: string,
) => passwords.step(caller, (work) => work.verify(passwordHash, password, caller.trustedDevice));

describe('bounded password work', () => {
  const env = { ipv6LimitPrefix: 64 };
  let stored: string;
  beforeEach(async () => {
    stored = await hashPassword('correct horse battery');
  });

  it('queues only so many, and answers the rest at once with 503 and a retry', async () => {
    const passwords = createPasswords(env, { running: 1, queued: 2, perAddress: 10 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        verifyFrom(passwords, { ip: `198.51.100.${i}` }, stored, 'guess'),
      ),
    );
    // One running and two waiting are taken; the fourth and fifth are turned away.
    expect(outcomes.map(codeOf)).toEqual([
      'checked',
      'checked',
      'checked',
      'PASSWORD_CHECKS_BUSY 1',
      'PASSWORD_CHECKS_BUSY 1',
    ]);
    // Once the queue has drained, the next is taken again.
    expect(
      await verifyFrom(passwords, { ip: '198.51.100.9' }, stored, 'correct horse battery'),
    ).toBe(true);
    expect(passwords.load()).toEqual({ running: 0, queued: 0 });
  });

  it('keeps a lane for browsers that signed in before, which guesses cannot fill', async () => {
    const passwords = createPasswords(env, { running: 1, queued: 1, perAddress: 10 });
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 4 }, (_, i) =>
        verifyFrom(passwords, { ip: `203.0.113.${i}` }, stored, 'x'),
      ),
      verifyFrom(
        passwords,
        { ip: '198.51.100.1', trustedDevice: true },
        stored,
        'correct horse battery',
      ),
    ]);
    expect(outcomes.map(codeOf)).toEqual([
      'checked',
      'checked',
      'PASSWORD_CHECKS_BUSY 1',
      'PASSWORD_CHECKS_BUSY 1',
      'checked',
    ]);
  });

  it('takes only so many from one address (an IPv6 /64 counting as one) at a time', async () => {
    const passwords = createPasswords(env, { running: 1, queued: 100, perAddress: 2 });
    const sameNetwork = ['2001:db8:5:5::1', '2001:db8:5:5::2', '2001:db8:5:5:ffff::3'];
    const outcomes = await Promise.allSettled([
      ...sameNetwork.map((ip) => verifyFrom(passwords, { ip }, stored, 'guess')),
      verifyFrom(passwords, { ip: '2001:db8:5:6::1' }, stored, 'guess'),
    ]);
    expect(outcomes.map(codeOf)).toEqual(['checked', 'checked', 'RATE_LIMITED 1', 'checked']);
    expect(await verifyFrom(passwords, { ip: '2001:db8:5:5::4' }, stored, 'guess')).toBe(false);
  });
});

describe(`wrong logins by the hundred [${dbKind}]`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answer 401, or 503/429 with Retry-After, never 500, and a player still signs in', async () => {
    const player = await signUp(t.app);
    const guesses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        postJson(
          t.app,
          'usersLogin',
          { email: `nobody-${randomUUID()}@example.com`, password: 'guess-guess-1' },
          { headers: { 'x-forwarded-for': `2001:db8:${(i % 50).toString(16)}::${i + 1}` } },
        ),
      ),
    );
    for (const answer of guesses) {
      expect([401, 429, 503]).toContain(answer.statusCode);
      if (answer.statusCode !== 401) expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      if (answer.statusCode === 503)
        expect(jsonOf(answer)).toMatchObject({ code: 'PASSWORD_CHECKS_BUSY' });
    }
    expect((await login(t.app, player.email)).statusCode).toBe(200);
  });

  it('counts no sign-in the server was too busy to check against the account', async () => {
    const player = await signUp(t.app);
    const ip = '203.0.113.40';
    // Twenty at once from one address: a few are checked, the rest turned away unchecked (or
    // backed off while five are still in flight, which count until they are settled).
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => login(t.app, player.email, undefined, ip)),
    );
    const refused = burst.filter((answer) => answer.statusCode !== 200);
    expect(burst.length - refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const answer of refused) {
      expect(jsonOf(answer)).toMatchObject({
        code: expect.stringMatching(/^(RATE_LIMITED|PASSWORD_CHECKS_BUSY|LOGIN_THROTTLED)$/),
      });
    }
    // None of those counted as a failure: the next sign-in is checked, not backed off.
    expect((await login(t.app, player.email, undefined, ip)).statusCode).toBe(200);
  });
});

describe(`a flood from one /64 queues no more than its share [${dbKind}]`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  /**
   * The accounts service with the login limits held at their door: every sign-in that reaches
   * them waits there until `release`, so what stands in the queue ahead of a player can be
   * counted rather than timed.
   */
  function heldAtTheLimits() {
    const handle = t.database.handle;
    const infra = {
      db: handle.db,
      transaction: transactor(handle.db),
      clock: t.clock,
      env: t.env,
    };
    const limiter = servicesOf(t).limiter;
    const real = createAuthLimits({ limiter, clock: t.clock });
    const arrived: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let playerArrived = () => {};
    const player = new Promise<void>((resolve) => {
      playerArrived = resolve;
    });
    const authLimits = {
      ...real,
      login: async (subject: string, ip: string, trusted: boolean) => {
        arrived.push(ip);
        if (!subject.startsWith('unknown:')) playerArrived();
        await released;
        return real.login(subject, ip, trusted);
      },
    };
    const accounts = createAccountsService({
      ...infra,
      sessions: createSessionService(infra),
      authLimits,
      passwords: createPasswords(t.env),
      audit: createAudit(t.clock),
    });
    return { accounts, arrived, release, player };
  }

  it('lets a handful of 300 sign-ins from one /64 stand ahead of a player, the rest refused at once', async () => {
    const player = await signUp(t.app);
    const { accounts, arrived, release, player: playerQueued } = heldAtTheLimits();
    const log = createLogger({ level: 'silent' });
    const meta = (ip: string) => ({ ip, log, userAgent: 'test' });
    const flood = Promise.allSettled(
      Array.from({ length: 300 }, (_, i) =>
        accounts.login(`nobody-${i}@example.com`, 'guess-guess-1', meta(`2001:db8:7:7::${i + 1}`)),
      ),
    );
    const signIn = accounts.login(player.email, PASSWORD, meta('198.51.100.77'));
    await playerQueued;
    // What the /64 put in the queue ahead of the player: a few, not all 300.
    const ahead = arrived.filter((ip) => ip.startsWith('2001:db8:7:7:')).length;
    expect(ahead).toBeLessThanOrEqual(3);
    release();
    expect((await signIn).account.email).toBe(player.email);
    const answers = await flood;
    const codes = answers.map((answer) =>
      answer.status === 'rejected' && isAppError(answer.reason) ? answer.reason.code : 'other',
    );
    // Turned away at once with a retry, or refused by the limits: never checked or kept waiting.
    expect(codes.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(297);
    expect(codes.every((code) => code === 'RATE_LIMITED' || code === 'LOGIN_FAILED')).toBe(true);
  });
});
