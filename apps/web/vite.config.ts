import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API_TARGET = 'http://localhost:3000';

type BuildOutput = { type: 'chunk'; code: string } | { type: 'asset'; source: string | Uint8Array };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** One line for the whole build: files written (not counting their .br/.gz copies) and sizes. */
export function summaryLine(
  bundle: Record<string, BuildOutput>,
  outDir: string,
  elapsedMs: number,
): string {
  let files = 0;
  let bytes = 0;
  let gzipped = 0;
  for (const [fileName, output] of Object.entries(bundle)) {
    if (/\.(br|gz)$/.test(fileName)) continue;
    const content = output.type === 'chunk' ? output.code : output.source;
    files += 1;
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    if (/\.(js|css)$/.test(fileName)) gzipped += gzipSync(content).byteLength;
  }
  const seconds = (elapsedMs / 1000).toFixed(1);
  return `web: built ${files} ${files === 1 ? 'file' : 'files'}, ${kb(bytes)} (JS and CSS ${kb(gzipped)} gzip) into ${outDir} in ${seconds}s`;
}

/**
 * With `logLevel: 'warn'` Vite prints no line per file (warnings and errors still show); this
 * prints the one summary line instead.
 */
export function buildSummary(write = (line: string) => console.log(line)): Plugin {
  let started = 0;
  let outDir = 'dist';
  return {
    name: 'questfield:build-summary',
    apply: 'build',
    configResolved(config) {
      outDir = relative(process.cwd(), resolve(config.root, config.build.outDir)) || '.';
    },
    buildStart() {
      started = performance.now();
    },
    writeBundle(_options, bundle) {
      write(
        summaryLine(bundle as Record<string, BuildOutput>, outDir, performance.now() - started),
      );
    },
  };
}

/**
 * Preloads the font file the largest text above the fold waits for (the body face: the landing's
 * and the dashboard's largest text are paragraphs), by its hashed name in the build. Fonts are
 * fetched anonymously, so the preload needs `crossorigin` to be reused.
 */
export function preloadFont(pattern: RegExp): Plugin {
  return {
    name: 'questfield:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => pattern.test(name));
        if (file === undefined) throw new Error(`no built font matches ${String(pattern)}`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // No line per file: warnings and errors, then buildSummary's one line.
  logLevel: 'warn',
  plugins: [
    react(),
    tailwindcss(),
    // The Node build of the pages (scripts/prerender-pages.ts) is run once and thrown away.
    ...(isSsrBuild
      ? []
      : [
          // .br and .gz beside each text file: the server sends them as they are, with no work
          // per request.
          compression({ algorithms: ['brotliCompress', 'gzip'] }),
          preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/),
          buildSummary(),
        ]),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The art stays in files of its own (cached, loaded lazily) instead of data URLs in the JS.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    // scripts/measure-bundle.mjs reads it to size what each route loads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React and React Query are shared by the entry and every page; named chunks keep build
        // reports readable, and keep React Query whole however the lazy chunks share its parts.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The art's URLs and the smallest shared UI parts: one chunk each rather than one
            // per module, which the landing page's budget pays for in per-file overhead.
            { name: 'art', test: /src[\\/]assets[\\/]art[\\/]/ },
            {
              name: 'ui',
              test: /src[\\/](utils[\\/]cn|components[\\/]ui[\\/](art|type-scale|button-styles))\./,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
}));
