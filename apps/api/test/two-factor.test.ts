/**
 * Operators' two-factor sign-in: set-up from the secret shown once, a code per session before
 * any console route, codes and recovery codes accepted once, the password and a code again
 * before money moves, guesses limited, operators' sessions ending after 12 idle hours.
 */
import { Writable } from 'node:stream';
import {
  API_ROUTES,
  CSRF_HEADER,
  OPERATOR_IDLE_MS,
  OPERATOR_REAUTH_MS,
} from '@questfield/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../src/db/schema';
import { createLogger } from '../src/lib/logger';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import {
  COOKIE,
  PASSWORD,
  distinctIp,
  postJson,
  sessionCookieOf,
  signUp,
} from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { PROBE, probeModule } from './helpers/probe-module';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

const STEP_MS = 30_000;

describe(`two-factor sign-in [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock('2026-06-01T12:00:10Z');
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      operatorToken: token,
      testModules: [probeModule],
      logger: createLogger({ level: 'info', destination: logStream }),
    });
  });
  afterAll(() => t.close());

  const client = consoleClient(() => t, token, clock);
  const { signIn, operator, post, codeAt, enrol, getConsoleSession: consoleSession } = client;

  const probe = (url: string, who: Operator, cookie = who.cookie) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: who.ip,
      headers: {
        'content-type': 'application/json',
        [CSRF_HEADER.name]: CSRF_HEADER.value,
        cookie: `${COOKIE}=${cookie}`,
      },
      payload: '{}',
    });

  /** The next time step: a code of the step just used is refused as a replay. */
  const nextStep = () => clock.advance(STEP_MS);

  it('sets up from the secret shown once and opens the console only after a first code', async () => {
    const staff = await operator();
    expect(jsonOf(await consoleSession(staff))).toEqual({
      username: staff.username,
      role: 'staff',
      twoFactorEnabled: false,
      twoFactorPassed: false,
      reauthUntil: null,
      recoveryCodesLeft: 0,
    });
    expect(jsonOf(await probe(PROBE.console, staff))).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    expect((await probe(PROBE.console, staff)).statusCode).toBe(403);

    const wrong = await post(staff, 'consoleTwoFactorSetup', { password: 'not-the-password-1' });
    expect(jsonOf(wrong)).toMatchObject({ code: 'PASSWORD_INCORRECT' });
    const setup = jsonOf<{ secret: string; uri: string }>(
      await post(staff, 'consoleTwoFactorSetup', { password: PASSWORD }),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('issuer')).toBe('Questfield');
    expect(decodeURIComponent(uri.pathname)).toContain(staff.email);

    // The secret is sealed at rest; a wrong code turns nothing on.
    const [row] = await t.database.handle.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, staff.id));
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.secretSealed).not.toContain(setup.secret);
    const wrongCode = String((Number(codeAt(setup.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(staff, 'consoleTwoFactorEnable', { code: wrongCode });
    expect(jsonOf(refused)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    expect(jsonOf(await consoleSession(staff))).toMatchObject({ twoFactorEnabled: false });

    const enabled = await post(staff, 'consoleTwoFactorEnable', { code: codeAt(setup.secret) });
    const { recoveryCodes } = jsonOf<{ recoveryCodes: string[] }>(enabled);
    staff.cookie = sessionCookieOf(enabled) ?? expect.fail('no new session cookie');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const stored = await t.database.handle.db
      .select({ codeHash: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, staff.id));
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }

    expect(jsonOf(await probe(PROBE.console, staff))).toEqual({ userId: staff.id });
    expect(jsonOf(await consoleSession(staff))).toMatchObject({
      twoFactorEnabled: true,
      twoFactorPassed: true,
      recoveryCodesLeft: 10,
      reauthUntil: new Date(clock.now().getTime() + OPERATOR_REAUTH_MS).toISOString(),
    });
    // Once on, a second set-up is refused (a lost phone is reset by an admin).
    const again = await post(staff, 'consoleTwoFactorSetup', { password: PASSWORD });
    expect(jsonOf(again)).toMatchObject({ code: 'TWO_FACTOR_ALREADY_ENABLED' });
    // Nothing secret reached the log.
    const log = logLines.join('');
    expect(log).toContain('two_factor.enabled');
    expect(log).not.toContain(setup.secret);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
  });

  it('asks every new session for a code and refuses a code used before', async () => {
    const staff = await operator();
    const { secret } = await enrol(staff);
    const second = await signIn(staff.email, staff.ip);
    expect(jsonOf(await probe(PROBE.console, staff, second))).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    // The code that turned two-factor on, again in the same 30 s: a replay.
    const replay = await post(staff, 'consoleTwoFactorVerify', { code: codeAt(secret) }, second);
    expect(jsonOf(replay)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });

    nextStep();
    const code = codeAt(secret);
    const passed = await post(staff, 'consoleTwoFactorVerify', { code }, second);
    expect(jsonOf(passed)).toMatchObject({ twoFactorPassed: true, reauthUntil: null });
    const passedSession = sessionCookieOf(passed) ?? expect.fail('no new session cookie');
    expect((await probe(PROBE.console, staff, passedSession)).statusCode).toBe(200);

    // The same code from a third session, within its window: refused.
    const third = await signIn(staff.email, staff.ip);
    const reused = await post(staff, 'consoleTwoFactorVerify', { code }, third);
    expect(jsonOf(reused)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    // A code of the previous step (an older code still inside the drift window): refused too.
    const older = codeAt(secret, new Date(clock.now().getTime() - STEP_MS));
    const stale = await post(staff, 'consoleTwoFactorVerify', { code: older }, third);
    expect(jsonOf(stale)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    expect((await probe(PROBE.console, staff, third)).statusCode).toBe(403);
  });

  it('gives the session a new id when it passes a code: the old one opens nothing', async () => {
    const staff = await operator();
    const { secret, recoveryCodes } = await enrol(staff);
    for (const pass of [
      (cookie: string) => post(staff, 'consoleTwoFactorVerify', { code: codeAt(secret) }, cookie),
      (cookie: string) =>
        post(staff, 'consoleTwoFactorVerify', { recoveryCode: recoveryCodes[0] }, cookie),
    ]) {
      nextStep();
      const before = await signIn(staff.email, staff.ip);
      const passed = await pass(before);
      expect(jsonOf(passed)).toMatchObject({ twoFactorPassed: true });
      const after = sessionCookieOf(passed) ?? expect.fail('no new session cookie');
      expect(after).not.toBe(before);
      expect(jsonOf(await probe(PROBE.console, staff, after))).toEqual({ userId: staff.id });
      expect((await probe(PROBE.console, staff, before)).statusCode).toBe(401);
    }
    // Turning two-factor on is such a pass too: the enrolling session's id changed with it.
    const fresh = await operator();
    const enrolledWith = fresh.cookie;
    await enrol(fresh);
    expect(fresh.cookie).not.toBe(enrolledWith);
    expect((await probe(PROBE.console, fresh, enrolledWith)).statusCode).toBe(401);
    expect((await probe(PROBE.console, fresh)).statusCode).toBe(200);
  });

  it('takes one code once when many requests bring it at the same moment', async () => {
    const staff = await operator();
    const { secret } = await enrol(staff);
    const cookies: string[] = [];
    // One after another: a burst of sign-ins from one address waits its turn (password work).
    for (let n = 0; n < 8; n += 1) cookies.push(await signIn(staff.email, staff.ip));
    nextStep();
    const code = codeAt(secret);
    const answers = await Promise.all(
      cookies.map((cookie) => post(staff, 'consoleTwoFactorVerify', { code }, cookie)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others were refused as a replay, or (past five failures) by the guess limit.
    expect(statuses.filter((status) => status !== 200).every((s) => s === 400 || s === 429)).toBe(
      true,
    );
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const staff = await operator();
    const { recoveryCodes } = await enrol(staff);
    const [first = '', second = ''] = recoveryCodes;
    const session = await signIn(staff.email, staff.ip);
    const typed = first.toLowerCase().replace('-', ' ');
    const passed = await post(staff, 'consoleTwoFactorVerify', { recoveryCode: typed }, session);
    expect(jsonOf(passed)).toMatchObject({ twoFactorPassed: true, recoveryCodesLeft: 9 });

    const another = await signIn(staff.email, staff.ip);
    const reused = await post(staff, 'consoleTwoFactorVerify', { recoveryCode: first }, another);
    expect(jsonOf(reused)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    const made = await post(
      staff,
      'consoleTwoFactorVerify',
      { recoveryCode: 'ABCDE-FGHJK' },
      another,
    );
    expect(jsonOf(made)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    const next = await post(staff, 'consoleTwoFactorVerify', { recoveryCode: second }, another);
    expect(jsonOf(next)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('asks for the password and a code again before money moves, every 15 minutes', async () => {
    const admin = await operator('admin');
    const { secret } = await enrol(admin);
    // Turning two-factor on was such a check.
    expect((await probe(PROBE.money, admin)).statusCode).toBe(200);
    clock.advance(OPERATOR_REAUTH_MS);
    expect(jsonOf(await probe(PROBE.money, admin))).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect((await probe(PROBE.console, admin)).statusCode).toBe(200);

    const noPassword = await post(admin, 'consoleReauth', {
      password: 'not-the-password-1',
      code: codeAt(secret),
    });
    expect(jsonOf(noPassword)).toMatchObject({ code: 'PASSWORD_INCORRECT' });
    const reauthed = await post(admin, 'consoleReauth', {
      password: PASSWORD,
      code: codeAt(secret),
    });
    expect(jsonOf(reauthed)).toMatchObject({
      reauthUntil: new Date(clock.now().getTime() + OPERATOR_REAUTH_MS).toISOString(),
    });
    expect(jsonOf(await probe(PROBE.money, admin))).toEqual({ userId: admin.id });

    // A fresh session has passed no check: neither route opens.
    const other = await signIn(admin.email, admin.ip);
    expect(jsonOf(await probe(PROBE.money, admin, other))).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    // Staff cannot reach an admin route whatever their checks.
    const staff = await operator();
    await enrol(staff);
    expect(jsonOf(await probe(PROBE.money, staff))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('limits wrong codes like wrong passwords', async () => {
    const staff = await operator();
    await enrol(staff);
    const session = await signIn(staff.email, staff.ip);
    const codes: string[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      const answer = await post(staff, 'consoleTwoFactorVerify', { code: '000000' }, session);
      codes.push(jsonOf<{ code: string }>(answer).code);
    }
    expect(codes).toEqual([
      ...Array.from({ length: 5 }, () => 'TWO_FACTOR_CODE_INVALID'),
      'TWO_FACTOR_TRIES_SPENT',
    ]);
  });

  it("keeps a guesser's wrong codes to its own session: the operator's code and recovery codes pass", async () => {
    const staff = await operator();
    const { secret, recoveryCodes } = await enrol(staff);
    // Someone with the password, on the operator's own network: six wrong codes.
    const guesser = await signIn(staff.email, staff.ip);
    const guesses: string[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      const answer = await post(staff, 'consoleTwoFactorVerify', { code: '000000' }, guesser);
      guesses.push(jsonOf<{ code: string }>(answer).code);
    }
    expect(guesses.at(-1)).toBe('TWO_FACTOR_TRIES_SPENT');
    // The operator's own sign-in from the same address, at once: the right code passes (the
    // next step's, inside the drift window: this step's code turned two-factor on).
    const own = await signIn(staff.email, staff.ip);
    const code = codeAt(secret, new Date(clock.now().getTime() + STEP_MS));
    const passed = await post(staff, 'consoleTwoFactorVerify', { code }, own);
    expect(jsonOf(passed)).toMatchObject({ twoFactorPassed: true });
    // The guessing session is spent for codes, but a recovery code still lets its holder in.
    const rescued = await post(
      staff,
      'consoleTwoFactorVerify',
      { recoveryCode: recoveryCodes[0] },
      guesser,
    );
    expect(jsonOf(rescued)).toMatchObject({ twoFactorPassed: true });
  });

  it('ends an operator session after 12 idle hours, a player session later', async () => {
    const staff = await operator();
    const player = await signUp(t.app);
    clock.advance(OPERATOR_IDLE_MS);
    expect((await consoleSession(staff)).statusCode).toBe(401);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: player.cookie })).statusCode).toBe(200);
  });

  it('refuses players and visitors, and forgets the set-up with the account', async () => {
    const player = { ...(await signUp(t.app)), ip: distinctIp() };
    expect(jsonOf(await consoleSession(player))).toMatchObject({ code: 'FORBIDDEN' });
    const visitor = await t.app.inject({ method: 'GET', url: API_ROUTES.consoleSession.path });
    expect(visitor.statusCode).toBe(401);

    const staff = await operator();
    await enrol(staff);
    const deleted = await post(staff, 'usersDelete', { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const left = await queryRows<{ n: number }>(
      t.database.handle.db,
      sql`select ((select count(*) from two_factor_secrets where user_id = ${staff.id})
        + (select count(*) from two_factor_recovery_codes where user_id = ${staff.id}))::int as n`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  it('is reset by the command line for a lost phone, and every step is in the audit log', async () => {
    const staff = await operator();
    const { recoveryCodes } = await enrol(staff);
    const other = await signIn(staff.email, staff.ip);
    const [spare = ''] = recoveryCodes;
    await post(staff, 'consoleTwoFactorVerify', { recoveryCode: spare }, other);

    const reset = { command: 'users reset-two-factor', email: staff.email };
    const run = () =>
      postJson(t.app, 'operatorRun', reset, { headers: { authorization: `Bearer ${token}` } });
    expect(jsonOf(await run())).toEqual({
      command: 'users reset-two-factor',
      email: staff.email,
      removed: true,
      signedOut: 2,
    });
    expect((await consoleSession(staff)).statusCode).toBe(401);
    expect(jsonOf(await run())).toMatchObject({ removed: false, signedOut: 0 });

    // Signed in again, the console asks for a new set-up; the old recovery codes are gone.
    const again = { ...staff, cookie: await signIn(staff.email, staff.ip) };
    expect(jsonOf(await consoleSession(again))).toMatchObject({
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });
    await enrol(again);

    const rows = await queryRows<{ action: string; actor_kind: string; actor_label: string }>(
      t.database.handle.db,
      sql`select action, actor_kind, actor_label from audit_log
        where target_user_id = ${staff.id} and action like 'two-factor.%' order by id`,
    );
    expect(rows).toEqual([
      { action: 'two-factor.enable', actor_kind: 'operator', actor_label: staff.username },
      {
        action: 'two-factor.recovery-code-used',
        actor_kind: 'operator',
        actor_label: staff.username,
      },
      { action: 'two-factor.reset', actor_kind: 'command_line', actor_label: 'command line' },
      { action: 'two-factor.enable', actor_kind: 'operator', actor_label: staff.username },
    ]);
  });
});
