import { describe, expect, it } from 'vitest';

/**
 * The layering rules of the web app, checked on the source text:
 * shared code (components, config, hooks, lib, utils) → features → app, never backwards;
 * features never import each other; the API is reached only through `callApi` and `watchApi` of
 * lib/api-client.ts (the one `fetch`, the one EventSource, the one loader of the contract's schemas), from one file
 * per endpoint under a feature's `api/`; nothing reads build-time `import.meta.env` (runtime
 * settings come from GET /api/config); file names are kebab-case.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const importPattern =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(source: string): string[] {
  return [...source.matchAll(importPattern)].map((match) => (match[1] ?? match[2])!);
}

function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return `/src/${specifier.slice(2)}`;
  if (!specifier.startsWith('.')) return null;
  const parts = file.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function area(path: string): string {
  const [, , top, feature] = path.split('/');
  return top === 'features' ? `features/${feature}` : (top ?? '');
}

const SHARED = new Set(['components', 'config', 'hooks', 'lib', 'utils']);

describe('architecture', () => {
  const files = Object.entries(sources);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('keeps imports flowing from shared code to features to app', () => {
    const violations: string[] = [];
    for (const [file, source] of files) {
      const from = area(file);
      for (const specifier of importsOf(source)) {
        const target = resolve(file, specifier);
        if (!target) continue;
        const to = area(target);
        if (from === to) continue;
        const fromShared = SHARED.has(from);
        if (fromShared && (to.startsWith('features/') || to === 'app')) {
          violations.push(`${file} → ${specifier}`);
        }
        if (from.startsWith('features/') && (to.startsWith('features/') || to === 'app')) {
          violations.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('calls the API only through lib/api-client.ts (callApi)', () => {
    const callers = files.filter(([, source]) => /\bfetch\(/.test(source)).map(([file]) => file);
    // The other: whether the live channel's own address answers, never our API.
    expect(callers.sort()).toEqual([
      '/src/features/livestream/api/channel-answers.ts',
      '/src/lib/api-client.ts',
    ]);
  });

  it('listens to the API only through lib/api-client.ts (watchApi)', () => {
    const listeners = files
      .filter(([, source]) => /\bnew EventSource\(/.test(source))
      .map(([file]) => file);
    expect(listeners).toEqual(['/src/lib/api-client.ts']);
  });

  it('loads the contract schemas only in lib/api-client.ts, so zod stays out of the entry', () => {
    const loaders = files
      .filter(([, source]) => source.includes('@questfield/contract/api-schemas'))
      .map(([file]) => file);
    expect(loaders).toEqual(['/src/lib/api-client.ts']);
  });

  it('calls callApi only from @/lib/api-client, in a feature api/ file, public config or the venue clock', () => {
    const misplaced: string[] = [];
    for (const [file, source] of files) {
      if (file === '/src/lib/api-client.ts' || !/\bcallApi\(/.test(source)) continue;
      const allowed =
        /^\/src\/features\/[^/]+\/api\/[^/]+\.ts$/.test(file) ||
        file === '/src/lib/public-config.ts' ||
        file === '/src/lib/venue-clock.ts';
      const viaClient =
        /import\s*\{[^}]*\bcallApi\b[^}]*\}\s*from\s*['"](@\/lib\/api-client|\.\/api-client)['"]/.test(
          source,
        );
      if (!allowed || !viaClient) misplaced.push(file);
    }
    expect(misplaced).toEqual([]);
  });

  it('reads no build-time import.meta.env', () => {
    const readers = files
      .filter(([, source]) => source.includes('import.meta.env'))
      .map(([file]) => file);
    expect(readers).toEqual([]);
  });

  it('keeps each endpoint of a feature in its own file under api/', () => {
    const apiFiles = files.filter(([file]) => /^\/src\/features\/[^/]+\/api\//.test(file));
    expect(apiFiles.length).toBeGreaterThan(5);
    for (const [file, source] of apiFiles) {
      const routes = [...source.matchAll(/callApi\('(\w+)'/g)].map((match) => match[1]);
      expect(routes.length, file).toBeLessThanOrEqual(1);
    }
  });

  it('names every file in kebab-case', () => {
    const bad = files
      .map(([file]) => file.split('/').pop()!)
      .filter((name) => !/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/.test(name));
    expect(bad).toEqual([]);
  });
});
