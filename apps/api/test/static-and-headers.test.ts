import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  API_ROUTES,
  CSRF_HEADER,
  ERRORS,
  MESSAGES,
  PAGE_PATHS,
  type ErrorCode,
} from '@questfield/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCspDirectives } from '../src/plugins/security-headers';
import { CACHE_IMMUTABLE } from '../src/plugins/spa';
import {
  createTempSite,
  SITE_ASSET_JS,
  SITE_ASSET_PATH,
  SITE_DOTFILES,
  SITE_INDEX_HTML,
} from './helpers/temp-site';
import {
  createTestApp,
  dbKind,
  jsonOf,
  PRODUCTION_ENV,
  testEnv,
  type TestApp,
} from './helpers/test-app';

/** The web's public folder, copied into every build. */
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

/** Directive name → its sources, from a Content-Security-Policy header. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectCommonSecurityHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  // PUBLIC_ORIGIN is http here: HSTS would be meaningless and is not sent.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

/** API answers are data: the strictest policy, nothing cached, no other document-only header. */
function expectApiSecurityHeaders(response: LightMyRequestResponse) {
  expect([...cspOf(response)]).toEqual([
    ['default-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
  ]);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
  expectCommonSecurityHeaders(response);
}

function expectAppSecurityHeaders(response: LightMyRequestResponse) {
  const csp = cspOf(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  // The offline test provider loads nothing from Square.
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
  // The live channel is asked whether it answers (connect) before it is framed.
  expect(csp.get('connect-src')).toEqual(["'self'", 'https://player.example.com']);
  expect(csp.get('frame-src')).toEqual(['http://localhost:3100', 'https://player.example.com']);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expectCommonSecurityHeaders(response);
}

describe(`static SPA and security headers [${dbKind}]`, () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createTempSite>>;

  beforeAll(async () => {
    site = await createTempSite();
    t = await createTestApp({ webDistDir: site.root });
  });
  afterAll(async () => {
    await t.close();
    await site.remove();
  });

  it('serves index.html at / with no-cache', async () => {
    const response = await t.app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SITE_INDEX_HTML);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expectAppSecurityHeaders(response);
  });

  it.each(['/dashboard', '/game?x=1', '/Store/', '/index.html', ...Object.values(PAGE_PATHS)])(
    'serves index.html with 200 for the page %s',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SITE_INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      expectAppSecurityHeaders(response);
    },
  );

  it.each(['/some/deep/route', '/dashboard/extra', '/wp-login.php', '/no-such-page?x=1'])(
    'serves index.html with 404 for the unknown path %s, so the not-found page shows',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(SITE_INDEX_HTML);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expectAppSecurityHeaders(response);
    },
  );

  it('answers HEAD for pages too', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'HEAD', url: '/some/deep/route' })).statusCode).toBe(404);
  });

  it.each(Object.keys(SITE_DOTFILES))('never serves the dotfile %s', async (url) => {
    for (const encoding of [undefined, 'br, gzip']) {
      const response = await t.app.inject({
        url,
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(SITE_DOTFILES[url as keyof typeof SITE_DOTFILES]);
    }
  });

  it.each([
    ['/', { range: 'bytes=999999-' }, 'RANGE_NOT_SATISFIABLE'],
    [SITE_ASSET_PATH, { range: 'bytes=999999-' }, 'RANGE_NOT_SATISFIABLE'],
    ['/dashboard', { range: 'bytes=999999-' }, 'RANGE_NOT_SATISFIABLE'],
    ['/', { 'if-match': '"nope"' }, 'PRECONDITION_FAILED'],
    [SITE_ASSET_PATH, { 'if-match': '"nope"' }, 'PRECONDITION_FAILED'],
    ['/robots.txt', { 'if-match': '"nope"' }, 'PRECONDITION_FAILED'],
  ] as const)(
    'answers GET %s with %o as the client error %s, not a 500',
    async (url, headers, code: ErrorCode) => {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode).toBe(ERRORS[code].status);
      expect(jsonOf(response)).toEqual({ code, message: ERRORS[code].message });
      expectAppSecurityHeaders(response);
    },
  );

  it('still answers a satisfiable range', async () => {
    const response = await t.app.inject({ url: SITE_ASSET_PATH, headers: { range: 'bytes=0-6' } });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe(SITE_ASSET_JS.slice(0, 7));
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject(SITE_ASSET_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SITE_ASSET_JS);
    expect(response.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expectAppSecurityHeaders(response);
  });

  it('sends the precompressed copy to browsers that accept it', async () => {
    const response = await t.app.inject({
      url: SITE_ASSET_PATH,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SITE_ASSET_JS);
    expect(response.headers['cache-control']).toBe(CACHE_IMMUTABLE);
  });

  it('revalidates unhashed public files', async () => {
    const response = await t.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("serves the web's robots.txt as text, keeping crawlers out of the API", async () => {
    await copyFile(path.join(WEB_PUBLIC, 'robots.txt'), path.join(site.root, 'robots.txt'));
    const response = await t.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/api\/$/m);
    // Every rule names the API or a real page; no sitemap that does not exist.
    const rules = [...response.body.matchAll(/^(?:Allow|Disallow): (\S+)$/gm)].map((m) => m[1]);
    const known = new Set<string>(['/api/', ...Object.values(PAGE_PATHS)]);
    expect(rules.filter((rule) => !known.has(rule ?? ''))).toEqual([]);
    expect(response.body).not.toMatch(/^Sitemap:/im);
  });

  it('keeps unknown /api paths a JSON 404, never the SPA', async () => {
    for (const url of ['/api/nope', '/api/assets/index-Ab12Cd34.js', '/api', '/api/']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(jsonOf(response)).toMatchObject({ code: 'NOT_FOUND' });
      expectApiSecurityHeaders(response);
    }
  });

  it('does not serve the SPA to state-changing methods', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/some/page',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(jsonOf(response)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends no-store and the security headers on API responses', async () => {
    for (const url of ['/api/health', '/api/config']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expectApiSecurityHeaders(response);
    }
  });

  it('sends the API headers on a malformed URL, which Fastify rejects before any hook', async () => {
    for (const url of ['/api/%zz', '/%zz']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(400);
      expectApiSecurityHeaders(response);
    }
  });

  it('sends the security headers on API errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(404);
    expectApiSecurityHeaders(response);
  });
});

describe(`prerendered pages [${dbKind}]`, () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createTempSite>>;
  const pageHtml = (name: string) => `<!doctype html><div id="root"><main>${name}</main></div>`;

  beforeAll(async () => {
    site = await createTempSite();
    await mkdir(path.join(site.root, 'pages'));
    for (const name of ['home', 'dashboard', 'not-found']) {
      await writeFile(path.join(site.root, 'pages', `${name}.html`), pageHtml(name));
    }
    t = await createTestApp({ webDistDir: site.root });
  });
  afterAll(async () => {
    await t.close();
    await site.remove();
  });

  it.each([
    ['/', 'home'],
    ['/dashboard', 'dashboard'],
    ['/Dashboard/?x=1', 'dashboard'],
  ])('serves %s its page, pages/%s.html', async (url, name) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(pageHtml(name));
    expect(response.headers['cache-control']).toBe('no-cache');
    expectAppSecurityHeaders(response);
  });

  it('serves a page the build did not prerender from index.html', async () => {
    const response = await t.app.inject('/store');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SITE_INDEX_HTML);
  });

  it('answers an unknown path 404 with the prerendered not-found page', async () => {
    const response = await t.app.inject('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(pageHtml('not-found'));
  });
});

describe(`without a built SPA [${dbKind}]`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: '/nonexistent/questfield/web/dist' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers page paths with a 404 that still carries the headers', async () => {
    const response = await t.app.inject('/dashboard');
    expect(response.statusCode).toBe(404);
    expect(jsonOf(response)).toMatchObject({ code: 'NOT_FOUND' });
    expectAppSecurityHeaders(response);
  });

  it('still serves the API', async () => {
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('CSP for the payment provider', () => {
  const square = (applicationId: string) =>
    appCspDirectives(
      testEnv({
        PAYMENT_PROVIDER: 'square',
        SQUARE_ACCESS_TOKEN: 'token',
        SQUARE_LOCATION_ID: 'L1',
        SQUARE_APPLICATION_ID: applicationId,
      }),
    );

  it("allows the Square sandbox's hosts only with a sandbox application", () => {
    const csp = square('sandbox-sq0idb-app');
    expect(csp['script-src']).toEqual(["'self'", 'https://sandbox.web.squarecdn.com']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://player.example.com',
      'https://pci-connect.squareupsandbox.com',
    ]);
    expect(csp['frame-src']).toEqual([
      'http://localhost:3100',
      'https://player.example.com',
      'https://sandbox.web.squarecdn.com',
    ]);
  });

  it("allows Square production's hosts only with a production application", () => {
    const csp = square('sq0idp-app');
    expect(csp['script-src']).toEqual(["'self'", 'https://web.squarecdn.com']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://player.example.com',
      'https://pci-connect.squareup.com',
    ]);
    expect(csp['frame-src']).toEqual([
      'http://localhost:3100',
      'https://player.example.com',
      'https://web.squarecdn.com',
    ]);
  });

  it('allows no Square host with the offline test provider', () => {
    expect(JSON.stringify(appCspDirectives(testEnv()))).not.toMatch(/square/i);
  });
});

describe(`HSTS [${dbKind}]`, () => {
  it('is sent when PUBLIC_ORIGIN is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://play.example.com' } });
    try {
      const response = await t.app.inject('/api/health');
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await t.close();
    }
  });
});

/**
 * security.md R20 on every route rather than a sample: each page of the web, an unknown page, a
 * built file, the dev mailbox page, a URL Fastify refuses before routing, and every route of the
 * contract with its method and a JSON body, whatever it answers. The app runs as deployed: an
 * https PUBLIC_ORIGIN (the server speaks http behind the proxy and sends HSTS by that setting,
 * not by the request) and Square's sandbox, whose card frames the policy must allow.
 */
describe(`R20: the security headers of every route [${dbKind}]`, () => {
  const ORIGIN = 'https://play.example.com';
  const SQUARE_SDK = 'https://sandbox.web.squarecdn.com';
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createTempSite>>;

  beforeAll(async () => {
    site = await createTempSite();
    t = await createTestApp({
      webDistDir: site.root,
      env: {
        PUBLIC_ORIGIN: ORIGIN,
        PAYMENT_PROVIDER: 'square',
        SQUARE_ACCESS_TOKEN: 'token',
        SQUARE_LOCATION_ID: 'L1',
        SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await site.remove();
  });

  /** Where frames may come from: frame-src, else child-src, else default-src (CSP 3). */
  const frameSources = (csp: Map<string, string[]>) =>
    csp.get('frame-src') ?? csp.get('child-src') ?? csp.get('default-src') ?? ['*'];

  function expectR20Headers(response: LightMyRequestResponse, label: string) {
    const csp = cspOf(response);
    for (const directive of ['object-src', 'base-uri', 'frame-ancestors']) {
      expect(csp.get(directive), `${label}: ${directive}`).toEqual(["'none'"]);
    }
    const framed = [t.env.gameOrigin, new URL(t.env.livestreamUrl).origin, SQUARE_SDK, "'none'"];
    for (const source of frameSources(csp)) expect(framed, `${label}: frame-src`).toContain(source);
    const hsts = String(response.headers['strict-transport-security'] ?? '');
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${label}: HSTS`).toBeGreaterThanOrEqual(
      31_536_000,
    );
    expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    expect(response.headers['referrer-policy'], label).toMatch(
      /^(no-referrer|strict-origin-when-cross-origin)$/,
    );
  }

  it('frames exactly the game, the live channel and Square on pages', async () => {
    expect(frameSources(cspOf(await t.app.inject('/')))).toEqual([
      t.env.gameOrigin,
      new URL(t.env.livestreamUrl).origin,
      SQUARE_SDK,
    ]);
  });

  it.each([
    ...Object.values(PAGE_PATHS),
    '/no-such-page',
    SITE_ASSET_PATH,
    '/robots.txt',
    '/dev/mailbox',
    '/%zz',
  ])('GET %s', async (url) => {
    expectR20Headers(await t.app.inject(url), url);
  });

  it.each(Object.values(API_ROUTES))('$method $path', async ({ method, path: url }) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        [CSRF_HEADER.name]: CSRF_HEADER.value,
      },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });
    expectR20Headers(response, `${method} ${url} → ${response.statusCode}`);
  });

  it.each([
    { method: 'OPTIONS', url: API_ROUTES.usersUpdate.path },
    { method: 'POST', url: '/api/no-such-route' },
    { method: 'POST', url: API_ROUTES.usersUpdate.path },
  ] as const)('$method $url (a preflight, an unknown route, a foreign form)', async (request) => {
    const response = await t.app.inject({
      ...request,
      headers: { 'content-type': 'text/plain', origin: 'https://evil.test' },
      payload: 'x',
    });
    expectR20Headers(response, `${request.method} ${request.url} → ${response.statusCode}`);
  });
});

describe(`a staging site says so on every page [${dbKind}]`, () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof createTempSite>>;
  const pageHtml = (name: string) =>
    `<!doctype html><html><body class="b"><div id="root"><main>${name}</main></div></body></html>`;
  const notice = MESSAGES.testSiteNotice.replace("'", '&#39;');

  beforeAll(async () => {
    site = await createTempSite();
    await mkdir(path.join(site.root, 'pages'));
    for (const name of ['home', 'dashboard', 'not-found']) {
      await writeFile(path.join(site.root, 'pages', `${name}.html`), pageHtml(name));
    }
    t = await createTestApp({ webDistDir: site.root, env: PRODUCTION_ENV });
  });
  afterAll(async () => {
    await t.close();
    await site.remove();
  });

  it.each([
    ['/', 200, 'home'],
    ['/dashboard', 200, 'dashboard'],
    ['/store', 200, null],
    ['/no/such/page', 404, 'not-found'],
    ['/pages/home.html', 404, 'not-found'],
    ['/index.html', 404, 'not-found'],
  ])('%s: %i, with the notice first in the body', async (url, status, name) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`${notice}</p>`);
    if (name !== null) {
      expect(response.body).toMatch(
        new RegExp(`<body class="b"><p role="note"[^>]*>.*</p><div id="root"><main>${name}</main>`),
      );
    }
    expectAppSecurityHeaders(response);
  });

  it('serves assets as they are', async () => {
    const response = await t.app.inject(SITE_ASSET_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SITE_ASSET_JS);
  });

  it('is no test site in development: no notice', async () => {
    const plain = await createTestApp({ webDistDir: site.root });
    try {
      expect((await plain.app.inject('/')).body).toBe(pageHtml('home'));
    } finally {
      await plain.close();
    }
  });
});
