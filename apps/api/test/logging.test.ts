import { Writable } from 'node:stream';
import { CSRF_HEADER } from '@questfield/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createLogger, logFormatOf } from '../src/lib/logger';
import type { ApiModule } from '../src/modules';
import { PROBE, probeModule, testRoute } from './helpers/probe-module';
import { UNTRUSTED_PROXY_WARNING } from '../src/plugins/proxy-warning';
import { createTestApp, dbKind, PRODUCTION_ENV, type TestApp } from './helpers/test-app';

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

/** The values of a query that fails in the database: an email and an address. */
const QUERY_VALUES = { email: 'leaky.player@example.com', ip: '203.0.113.77' };

describe(`log redaction [${dbKind}]`, () => {
  let t: TestApp;
  const output = memoryStream();
  const dbErrorModule: ApiModule = (app) => {
    app.route({
      ...testRoute('db-error', { method: 'GET' }),
      handler: async () => {
        const player = { email: QUERY_VALUES.email, username: QUERY_VALUES.ip, passwordHash: 'x' };
        await t.database.handle.db.insert(users).values(player);
        return t.database.handle.db.insert(users).values(player);
      },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({
      testModules: [probeModule, dbErrorModule],
      logger: createLogger({ level: 'info', destination: output.stream }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs each request once, at info outside development, without its query string', async () => {
    const before = output.lines.length;
    await t.app.inject('/api/config?token=s3cr3t-in-the-query');
    const lines = output.lines.slice(before).map((line) => JSON.parse(line) as object);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', path: '/api/config', statusCode: 200 }),
    ]);
    expect(output.text()).not.toContain('s3cr3t-in-the-query');
  });

  it('logs a database error without the values of its query', async () => {
    const response = await t.app.inject('/api/test/db-error');
    expect(response.statusCode).toBe(500);
    const text = output.text();
    expect(text).toMatch(/Failed query: insert into \\"users\\"/);
    for (const value of Object.values(QUERY_VALUES)) expect(text).not.toContain(value);
  });

  it('redacts secrets from bodies and headers a handler logs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: PROBE.careless,
      headers: {
        'content-type': 'application/json',
        [CSRF_HEADER.name]: CSRF_HEADER.value,
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

describe('plain values in log lines and bindings', () => {
  const PLAIN = { reqId: 'req-7', quote: 'say "hi"\n', accent: 'été', n: 42, nan: Number.NaN };

  /** A line of `logger` (a child binding PLAIN, logging PLAIN again) as parsed JSON. */
  function lineOf(
    logger: ReturnType<typeof createLogger>,
    output: ReturnType<typeof memoryStream>,
  ) {
    logger.child(PLAIN).warn({ ...PLAIN, ok: true, none: null }, 'plain');
    const {
      time: _time,
      pid: _pid,
      hostname: _host,
      ...rest
    } = JSON.parse(output.lines[0] ?? '{}');
    return rest as Record<string, unknown>;
  }

  it('are written as pino writes them without redaction, objects still redacted', () => {
    const ours = memoryStream();
    const bare = memoryStream();
    const line = lineOf(createLogger({ level: 'info', destination: ours.stream }), ours);
    expect(line).toEqual(lineOf(pino({ level: 'info' }, bare.stream), bare));
    expect(line).toMatchObject({ reqId: 'req-7', nan: null, ok: true, none: null });
    const nested = memoryStream();
    const logger = createLogger({ level: 'info', destination: nested.stream });
    logger.child({ user: { password: SECRETS.password } }).warn({ n: 1 }, 'nested');
    expect(nested.text()).not.toContain(SECRETS.password);
    expect(nested.text()).toContain('[Redacted]');
  });

  it('cost a request’s logger no pass of the redactor', () => {
    // Each request gets a child binding its id: with every value redacted, 20 times dearer.
    const sink = memoryStream();
    const timeOf = (logger: { child: (bindings: object) => unknown }) => {
      const start = performance.now();
      for (let i = 0; i < 5_000; i += 1) logger.child({ reqId: `req-${i}` });
      return performance.now() - start;
    };
    const best = (logger: { child: (bindings: object) => unknown }) =>
      Math.min(...Array.from({ length: 7 }, () => timeOf(logger)));
    const ours = best(createLogger({ level: 'info', destination: sink.stream }));
    const bare = best(pino({ level: 'info' }, sink.stream));
    expect(ours / bare).toBeLessThan(5);
  });
});

describe(`request lines [${dbKind}]`, () => {
  async function linesOf(nodeEnv: string, url: string) {
    const output = memoryStream();
    const t = await createTestApp({
      env: nodeEnv === 'production' ? PRODUCTION_ENV : { NODE_ENV: nodeEnv },
      logger: createLogger({ level: 'debug', destination: output.stream }),
    });
    try {
      await t.app.inject(url);
      return output.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    } finally {
      await t.close();
    }
  }

  it.each([
    ['development', 20],
    ['production', 30],
  ])('in %s: one line per request, at level %i', async (nodeEnv, level) => {
    const lines = await linesOf(nodeEnv, '/api/config?x=1');
    expect(lines.filter((line) => JSON.stringify(line).includes('/api/config'))).toEqual([
      expect.objectContaining({
        level,
        method: 'GET',
        path: '/api/config',
        statusCode: 200,
        ms: expect.any(Number),
        msg: expect.stringMatching(/^GET \/api\/config 200 \d+ ms$/),
      }),
    ]);
  });

  it('is pretty on a development terminal or when asked, JSON otherwise', () => {
    const auto = { logFormat: null, isTTY: true };
    expect(logFormatOf({ ...auto, nodeEnv: 'development' })).toBe('pretty');
    expect(logFormatOf({ ...auto, nodeEnv: 'development', isTTY: false })).toBe('json');
    expect(logFormatOf({ ...auto, nodeEnv: 'production' })).toBe('json');
    expect(logFormatOf({ ...auto, nodeEnv: 'test' })).toBe('json');
    expect(logFormatOf({ nodeEnv: 'production', logFormat: 'pretty', isTTY: false })).toBe(
      'pretty',
    );
    expect(logFormatOf({ nodeEnv: 'development', logFormat: 'json', isTTY: true })).toBe('json');
  });
});

describe(`a proxy TRUST_PROXY does not name [${dbKind}]`, () => {
  async function warningsOf(env: Record<string, string>, requests: Record<string, string>[]) {
    const output = memoryStream();
    const t = await createTestApp({
      env,
      logger: createLogger({ level: 'info', destination: output.stream }),
    });
    try {
      for (const headers of requests) await t.app.inject({ url: '/api/health', headers });
      return output.lines.filter((line) => line.includes(UNTRUSTED_PROXY_WARNING.slice(0, 40)));
    } finally {
      await t.close();
    }
  }
  const proxied: Record<string, string>[] = [
    {},
    { 'x-forwarded-for': '203.0.113.5' },
    { forwarded: 'for=203.0.113.6' },
    { via: '1.1 lb' },
  ];

  it('is said once, at the first request that carries proxy headers', async () => {
    const lines = await warningsOf({}, proxied);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, event: 'proxy.untrusted' });
  });

  it('is not said when TRUST_PROXY names the proxy, nor without proxy headers', async () => {
    expect(await warningsOf({ TRUST_PROXY: '1' }, proxied)).toEqual([]);
    expect(await warningsOf({}, [{}, {}])).toEqual([]);
  });
});
