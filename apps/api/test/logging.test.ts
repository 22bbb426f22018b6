import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger';
import { PROBE, probeModule } from './helpers/probe-module';
import { createTestApp, dbKind, type TestApp } from './helpers/test-app';

const SECRETS = {
  password: 'correct-horse-battery-staple',
  cookie: '__Host-sid=s3ss10n-c00k13-value',
  authorization: 'Bearer b34r3r-t0k3n',
  paymentToken: 'cnon:card-nonce-ok-s3cr3t',
  resetToken: 'r3s3t-t0k3n-value',
  code: 'QF-CARD-S3CR3T',
  recoveryCode: '493817',
};

/** Collects pino's JSON lines in memory. */
function memoryStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

describe(`log redaction [${dbKind}]`, () => {
  let t: TestApp;
  const output = memoryStream();

  beforeAll(async () => {
    t = await createTestApp({
      testModules: [probeModule],
      logger: createLogger({ level: 'info', destination: output.stream }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs requests at info', async () => {
    await t.app.inject('/api/config');
    expect(output.text()).toMatch(/"url":"\/api\/config"/);
    expect(output.text()).toMatch(/"statusCode":200/);
  });

  it('redacts secrets from bodies and headers a handler logs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: PROBE.careless,
      headers: {
        'content-type': 'application/json',
        cookie: SECRETS.cookie,
        authorization: SECRETS.authorization,
      },
      payload: JSON.stringify({
        email: 'ada@example.com',
        password: SECRETS.password,
        paymentToken: SECRETS.paymentToken,
        resetToken: SECRETS.resetToken,
        code: SECRETS.code,
        recoveryCode: SECRETS.recoveryCode,
      }),
    });
    expect(response.statusCode).toBe(200);
    const text = output.text();
    expect(text).toMatch(/login attempt/);
    expect(text).toMatch(/ada@example\.com/);
    expect(text).toMatch(/\[Redacted\]/);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });

  it('redacts secrets in any object logged directly', () => {
    t.app.log.info(
      {
        password: SECRETS.password,
        user: { resetToken: SECRETS.resetToken, passwordHash: '$argon2id$secret-hash' },
        reply: { headers: { 'set-cookie': SECRETS.cookie } },
        code: 'SLOT_FULL',
      },
      'direct',
    );
    const line = output.lines.find((entry) => entry.includes('"msg":"direct"')) ?? '';
    expect(line).not.toContain(SECRETS.password);
    expect(line).not.toContain(SECRETS.resetToken);
    expect(line).not.toContain('secret-hash');
    expect(line).not.toContain(SECRETS.cookie);
    // Error codes stay readable.
    expect(line).toContain('"code":"SLOT_FULL"');
  });

  it('logs a bug with its details while the client sees none', async () => {
    const response = await t.app.inject(PROBE.bug);
    expect(response.statusCode).toBe(500);
    expect(output.text()).toMatch(/database exploded/);
  });
});
