/** R25b: auth events are logged with user id, IP and UTC time; no secret ever reaches the log. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger';
import { PASSWORD, login, postJson, sessionCookieOf, signUp } from './helpers/accounts';
import { latestRecoveryCode } from './helpers/outbox';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';
import { asToken } from './helpers/tokens';

describe(`auth logging (R25b) [${dbKind}]`, () => {
  let t: TestApp;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ logger: createLogger({ level: 'info', destination: stream }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs every auth event and none of the secrets of a full account flow', async () => {
    const player = await signUp(t.app, { username: 'logged', email: 'logged@example.com' });
    const failed = await login(t.app, 'logged@example.com', 'not-the-password-1', '10.20.30.40');
    expect(failed.statusCode).toBe(401);
    const ok = await login(t.app, 'logged', PASSWORD, '10.20.30.41');
    const sessionId = sessionCookieOf(ok) ?? '';
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    const code = await latestRecoveryCode(t);
    const verified = await postJson(t.app, 'usersVerifyRecoveryCode', {
      email: player.email,
      code,
    });
    const { resetToken } = jsonOf<{ resetToken: string }>(verified);
    const newPassword = 'granite-comet-bicycle-93';
    const reset = await postJson(t.app, 'usersUpdatePassword', {
      email: player.email,
      password: newPassword,
      resetToken,
    });
    expect(reset.statusCode).toBe(200);
    await postJson(t.app, 'usersLogout', {}, { cookie: sessionId });

    const text = lines.join('\n');
    for (const secret of [
      PASSWORD,
      'not-the-password-1',
      newPassword,
      code,
      resetToken,
      sessionId,
      player.cookie,
    ]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text).not.toMatch(asToken(secret));
    }
    const events = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => typeof entry.event === 'string');
    const byName = (name: string) => events.filter((entry) => entry.event === name);
    const failure = byName('auth.login.failed')[0];
    expect(failure).toMatchObject({ userId: player.id, ip: '10.20.30.40' });
    expect(String(failure?.at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byName('auth.login.succeeded')[0]).toMatchObject({
      userId: player.id,
      ip: '10.20.30.41',
    });
    for (const name of [
      'auth.signup',
      'auth.recovery.requested',
      'auth.recovery.verified',
      'auth.reset.succeeded',
      'auth.logout',
    ]) {
      expect(byName(name).length, name).toBeGreaterThan(0);
    }
  });
});
