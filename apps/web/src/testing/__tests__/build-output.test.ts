import type { Plugin, UserConfigFnObject } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig, { buildSummary, preloadFont, summaryLine } from '../../../vite.config';

/** `npm run build` stays short: no line per file, one summary line from the web build. */
describe('build output', () => {
  const config = (viteConfig as UserConfigFnObject)({
    command: 'build',
    mode: 'production',
    isSsrBuild: false,
  });

  it('runs Vite at the warn level with the summary plugin', () => {
    expect(config.logLevel).toBe('warn');
    const names = (config.plugins ?? []).flat().map((plugin) => (plugin as Plugin | null)?.name);
    expect(names).toContain('questfield:build-summary');
  });

  it('leaves the compressed copies and the summary out of the prerender build', () => {
    const ssr = (viteConfig as UserConfigFnObject)({
      command: 'build',
      mode: 'production',
      isSsrBuild: true,
    });
    const names = (ssr.plugins ?? []).flat().map((plugin) => (plugin as Plugin | null)?.name);
    expect(names).not.toContain('questfield:build-summary');
    expect(names).not.toContain('questfield:preload-font');
  });

  it('sums the files in one line, not counting their .br and .gz copies', () => {
    const js = 'console.log("hello");'.repeat(100);
    const line = summaryLine(
      {
        'assets/index-abc.js': { type: 'chunk', code: js },
        'assets/index-abc.js.br': { type: 'asset', source: new Uint8Array(10) },
        'assets/index-abc.js.gz': { type: 'asset', source: new Uint8Array(10) },
        'index.html': { type: 'asset', source: '<!doctype html>' },
        'favicon.svg': { type: 'asset', source: new Uint8Array(1024) },
      },
      'dist',
      1_500,
    );

    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(
      /^web: built 3 files, 3\.1 kB \(JS and CSS 0\.\d kB gzip\) into dist in 1\.5s$/,
    );
  });

  it('writes that line once, when the bundle is written', () => {
    const lines: string[] = [];
    const plugin = buildSummary((line) => lines.push(line));
    expect(plugin.apply).toBe('build');
    const writeBundle = plugin.writeBundle as (options: unknown, bundle: unknown) => void;
    writeBundle({}, { 'index.html': { type: 'asset', source: '<!doctype html>' } });
    expect(lines).toEqual([expect.stringMatching(/^web: built 1 file, /)]);
  });
});

/** The body face's file is preloaded by its hashed name, as a font fetch with CORS. */
describe('font preload', () => {
  type Hook = { handler: (html: string, context: { bundle?: Record<string, unknown> }) => unknown };
  const hook = preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/).transformIndexHtml as Hook;

  it('adds one preload link for the matching built file', () => {
    const bundle = {
      'assets/inter-latin-wght-normal-AbC_12.woff2': {},
      'assets/inter-latin-wght-normal-AbC_12.woff2.br': {},
      'assets/outfit-latin-wght-normal-XyZ.woff2': {},
    };
    expect(hook.handler('', { bundle })).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: '/assets/inter-latin-wght-normal-AbC_12.woff2',
          as: 'font',
          type: 'font/woff2',
          crossorigin: '',
        },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the font is missing', () => {
    expect(() => hook.handler('', { bundle: {} })).toThrow(/no built font/);
  });
});
