import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvSource } from '../src/config/env';
import { getLocally } from './helpers/mailbox';
import { createTestApp, dbKind, PRODUCTION_ENV, testEnv, type TestApp } from './helpers/test-app';

const MAILBOX_URLS = ['/api/dev/mailbox', '/dev/mailbox'];

// The mailbox shows recovery codes: only the developer at this machine may read it (issue 7, 5).
describe(`dev mailbox access [${dbKind}]`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(MAILBOX_URLS)('serves %s to this machine, never cached', async (url) => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'LOCALHOST:3000', '[::1]:3000']) {
      for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await getLocally(t.app, url, { ip, headers: { host } });
        expect(response.statusCode, `${host} from ${ip}`).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it.each(MAILBOX_URLS)('answers %s with 404 for another Host (DNS rebinding)', async (url) => {
    for (const host of [
      'evil.test',
      'evil.test:3000',
      'localhost',
      '127.0.0.1:3001',
      'x@localhost:3000',
    ]) {
      const response = await getLocally(t.app, url, { headers: { host } });
      expect(response.statusCode, host).toBe(404);
      expect(response.body).not.toMatch(/mailbox/i);
    }
  });

  it.each(MAILBOX_URLS)('answers %s with 404 to other machines', async (url) => {
    const remote = await getLocally(t.app, url, { ip: '198.51.100.7' });
    expect(remote.statusCode).toBe(404);
    // Through the trusted local proxy, the client it names is the one that counts.
    const proxied = await getLocally(t.app, url, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it.each(MAILBOX_URLS)(
    'answers %s with 404 through any proxy on this machine, trusted or not',
    async (url) => {
      const untrusting = await createTestApp();
      try {
        for (const app of [t.app, untrusting.app]) {
          const proxied: Record<string, string>[] = [
            // The attacker's case: the proxy sends the upstream address as Host.
            { 'x-forwarded-for': '203.0.113.5' },
            { 'x-forwarded-for': '127.0.0.1' },
            { forwarded: 'for=203.0.113.5' },
            { 'x-real-ip': '203.0.113.5' },
            { via: '1.1 proxy' },
            { 'x-forwarded-host': 'localhost:3000' },
          ];
          for (const headers of proxied) {
            const response = await getLocally(app, url, { headers });
            expect(response.statusCode, JSON.stringify(headers)).toBe(404);
            expect(response.body).not.toMatch(/mailbox/i);
          }
        }
      } finally {
        await untrusting.close();
      }
    },
  );

  it('has no mailbox when SMTP is configured', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      for (const url of MAILBOX_URLS) {
        expect((await getLocally(smtp.app, url)).statusCode, url).toBe(404);
      }
    } finally {
      await smtp.close();
    }
  });
});

describe('dev mailbox start-up warning', () => {
  const mailboxWarnings = (env: EnvSource) =>
    testEnv(env).warnings.filter((warning) => /mailbox/i.test(warning));

  it('warns when the mailbox is on, naming its address', () => {
    expect(mailboxWarnings({})).toEqual([
      expect.stringContaining('http://localhost:3000/dev/mailbox'),
    ]);
    expect(testEnv().devMailbox).toBe(true);
  });

  it('is off, without a warning, with SMTP or in production', () => {
    const settings: EnvSource[] = [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, PRODUCTION_ENV];
    for (const env of settings) {
      expect(mailboxWarnings(env)).toEqual([]);
      expect(testEnv(env).devMailbox).toBe(false);
    }
  });
});
