import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGameHost, GAME_NOT_BUILT_TEXT } from '../src/game-host';
import { REQUEST_TIMEOUT_MS } from '../src/lib/http-timeouts';
import { createLogger } from '../src/lib/logger';
import { CACHE_IMMUTABLE } from '../src/plugins/spa';
import { createTempSite, SITE_ASSET_PATH, SITE_INDEX_HTML } from './helpers/temp-site';
import { testEnv } from './helpers/test-app';

const env = testEnv();
const logger = createLogger({ level: 'silent' });

function cspOf(header: unknown): string {
  return String(header ?? '');
}

describe('game host', () => {
  let site: Awaited<ReturnType<typeof createTempSite>>;
  let game: Awaited<ReturnType<typeof buildGameHost>>;

  beforeAll(async () => {
    site = await createTempSite('qf-game-');
    game = await buildGameHost({ env, gameDistDir: site.root, logger });
  });
  afterAll(async () => {
    await game.close();
    await site.remove();
  });

  it('serves the game with index.html fallback', async () => {
    for (const url of ['/', '/level/2']) {
      const response = await game.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SITE_INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await game.inject(SITE_ASSET_PATH);
    expect(asset.headers['cache-control']).toBe(CACHE_IMMUTABLE);
  });

  it('may be framed by the app only, and may call the API', async () => {
    const response = await game.inject('/');
    const csp = cspOf(response.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${env.publicOrigin}`);
    expect(csp).toContain(`connect-src 'self' ${env.publicOrigin}`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  // The limit's effect is proven on the app (slow-requests.test.ts); the game host shares it.
  it('gives a request half a minute to arrive, headers and body together', () => {
    expect(game.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(game.server.headersTimeout).toBeLessThan(REQUEST_TIMEOUT_MS);
  });

  it('answers a URL refused before routing with the error envelope and strict headers', async () => {
    const response = await game.inject('/%zz');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'BAD_REQUEST' });
    const csp = cspOf(response.headers['content-security-policy']);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers other methods with a JSON 404', async () => {
    const response = await game.inject({ method: 'POST', url: '/' });
    expect(response.statusCode).toBe(404);
  });
});

describe('game host without a built game', () => {
  it('says the demo game is not built', async () => {
    const game = await buildGameHost({ env, gameDistDir: '/nonexistent/game/dist', logger });
    try {
      for (const url of ['/', '/any/path']) {
        const response = await game.inject(url);
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toMatch(/text\/plain/);
        expect(response.body).toBe(GAME_NOT_BUILT_TEXT);
        expect(cspOf(response.headers['content-security-policy'])).toContain('frame-ancestors');
      }
    } finally {
      await game.close();
    }
  });
});
