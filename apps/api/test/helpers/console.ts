/**
 * Operators for the console's tests: an account made staff or admin by the command line, signed
 * in again from an address of its own, and its two-factor set-up from the secret shown once.
 */
import {
  API_ROUTES,
  API_SCHEMAS,
  isErrorCode,
  type ApiRouteName,
  type MoneyLimits,
  type Role,
} from '@questfield/contract';
import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { SETTINGS_TTL_MS } from '../../src/modules/settings/settings.service';
import {
  COOKIE,
  PASSWORD,
  distinctIp,
  login,
  postJson,
  sessionCookieOf,
  signUp,
  type SignedUp,
} from './accounts';
import type { fixedClock } from './clock';
import { requestBodies } from './contract-arbitraries';
import { jsonOf, type TestApp } from './test-app';

export type Operator = SignedUp & { ip: string };

/**
 * The console's calls for the test app `current()` gives (made in a `beforeAll`), whose
 * operator route takes `token`.
 */
export function consoleClient(
  current: () => TestApp,
  token: string,
  clock: ReturnType<typeof fixedClock>,
) {
  const app = () => current().app;
  async function signIn(email: string, ip: string): Promise<string> {
    const response = await login(app(), email, PASSWORD, ip);
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response) ?? expect.fail('no session cookie');
  }

  /** A player made `role` by the command line, signed in again (the change signed them out). */
  async function operator(role: Role = 'staff'): Promise<Operator> {
    const ip = distinctIp();
    const player = await signUp(app(), { ip });
    const run = { command: 'users set-role', email: player.email, role };
    const set = await postJson(app(), 'operatorRun', run, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(set.statusCode).toBe(200);
    return { ...player, ip, cookie: await signIn(player.email, ip) };
  }

  const post = (who: Operator, route: ApiRouteName, body: unknown, cookie = who.cookie) =>
    postJson(app(), route, body, { cookie, ip: who.ip });

  const getConsoleSession = (who: Operator, cookie = who.cookie) =>
    app().inject({
      method: 'GET',
      url: API_ROUTES.consoleSession.path,
      remoteAddress: who.ip,
      headers: { cookie: `${COOKIE}=${cookie}` },
    });

  /** The code an authenticator app shows for `secret` at `at` (the app's clock by default). */
  const codeAt = (secret: string, at = clock.now()) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

  /** The secrets `enrol` set up, by account id. */
  const secrets = new Map<string, string>();

  /**
   * Sets two-factor up for `who` (their session passes it, and `who.cookie` becomes its new
   * id); the secret and recovery codes.
   */
  async function enrol(who: Operator) {
    const setup = await post(who, 'consoleTwoFactorSetup', { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret } = jsonOf<{ secret: string }>(setup);
    const enabled = await post(who, 'consoleTwoFactorEnable', { code: codeAt(secret) });
    expect(enabled.statusCode).toBe(200);
    // The session passed the check under a new id (the old one opens nothing).
    who.cookie = sessionCookieOf(enabled) ?? expect.fail('no new session cookie');
    secrets.set(who.id, secret);
    return { secret, recoveryCodes: jsonOf<{ recoveryCodes: string[] }>(enabled).recoveryCodes };
  }

  /**
   * The password and a code again for `who` (enrolled here), at the next 30-second step of the
   * clock (a code is taken once).
   */
  async function reauth(who: Operator) {
    clock.advance(30_000);
    const code = codeAt(secrets.get(who.id) ?? expect.fail('not enrolled'));
    const answer = await post(who, 'consoleReauth', { password: PASSWORD, code });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  /** Changes the money limits on the command line; every server follows at once. */
  async function setMoneyLimits(limits: Partial<MoneyLimits>) {
    const command = { command: 'settings money-limits', ...limits };
    const set = await postJson(app(), 'operatorRun', command, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(set.statusCode, set.body).toBe(200);
    clock.advance(SETTINGS_TTL_MS);
  }

  /**
   * Signs `who` (enrolled here) in again, past the two-factor check and the password asked again,
   * at the next 30-second step of the clock: after a day's idle, which ends a session.
   */
  async function signInAgain(who: Operator) {
    clock.advance(30_000);
    who.cookie = await signIn(who.email, who.ip);
    const code = codeAt(secrets.get(who.id) ?? expect.fail('not enrolled'));
    const verified = await post(who, 'consoleTwoFactorVerify', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    // Passing the check moves the session to a new id.
    who.cookie = sessionCookieOf(verified) ?? expect.fail('no new session cookie');
    await reauth(who);
  }

  /**
   * Sends `who` bodies made from each route's request schema and its `examples`, mutated as a
   * hostile client would (`seed` fixes them): every answer is under 500, a refusal always in
   * the error envelope.
   */
  async function answersAnyBody(who: Operator, routes: [ApiRouteName, unknown[]][], seed: number) {
    for (const [route, examples] of routes) {
      const schema = (API_SCHEMAS as Record<string, { request?: unknown }>)[route]?.request;
      await fc.assert(
        fc.asyncProperty(
          requestBodies(schema as Parameters<typeof requestBodies>[0], examples),
          async (body) => {
            const label = `${route} ${JSON.stringify(body) ?? 'no body'}`;
            const response = await post(who, route, body);
            const said = `${label} → ${response.body.slice(0, 300)}`;
            expect(response.statusCode, said).toBeLessThan(500);
            if (response.statusCode < 400) return;
            const answer = JSON.parse(response.body) as { message?: unknown; code?: unknown };
            expect(Object.keys(answer).sort(), label).toEqual(['code', 'message']);
            expect(isErrorCode(answer.code), label).toBe(true);
          },
        ),
        { seed, numRuns: 40 },
      );
    }
  }

  return {
    signIn,
    signInAgain,
    setMoneyLimits,
    operator,
    post,
    getConsoleSession,
    codeAt,
    enrol,
    reauth,
    answersAnyBody,
  };
}
