/**
 * `npm run perf:web`: the web budgets of docs/architecture.md measured in one run. Builds the
 * product and a bare React + router app with the same toolchain (perf/bare), serves the built
 * product from its own server on a fresh data folder, runs Lighthouse (mobile) three times on
 * each page and keeps the median run, and sizes the JS each page loads first against the whole
 * bare app. Prints a Markdown table, writes it to .reports/perf-web.md, and exits 1 when a page
 * misses a budget.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { allScriptsBytes, bundleSizes, kb } from '../../../scripts/lib/bundle-size.mjs';
import { auditMedian, BUDGET, ensureLighthouse } from '../../../scripts/lib/lighthouse.mjs';
import { run } from '../../../scripts/lib/run.mjs';
import { startServerProcess } from '../../api/test/helpers/server-process';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const REPORT = join(ROOT, '.reports', 'perf-web.md');
/** Landing JS at most this many times the bare app's. */
const JS_RATIO_BUDGET = 1.5;
/** Lighthouse runs per page; the table shows the median one. */
const RUNS = 3;
/** Each page with the route module it loads first. */
const PAGES = [
  { path: '/', route: 'landing' },
  { path: '/dashboard', route: 'dashboard' },
  { path: '/promo', route: 'promo' },
] as const;

async function bareAppBytes(): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'questfield-bare-'));
  try {
    await build({
      configFile: join(import.meta.dirname, 'bare', 'vite.config.ts'),
      build: { outDir },
    });
    return allScriptsBytes(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

type Line = { path: string; js: number; result: Awaited<ReturnType<typeof auditMedian>> };

function table(lines: Line[], bare: number): string {
  const rows = lines.map(({ path, js, result }) => {
    const ratio = js / bare;
    const scores = result
      ? [
          result.performance,
          result.runs.join(', '),
          result.accessibility,
          Math.round(result.fcp),
          Math.round(result.lcp),
          Math.round(result.tbt),
          result.cls.toFixed(3),
        ].join(' | ')
      : 'failed | – | failed | – | – | – | –';
    return `| ${path} | ${scores} | ${kb(js)} | ${ratio.toFixed(2)} |`;
  });
  return [
    '# Web performance',
    '',
    `Lighthouse mobile (simulated throttling) in Chromium on the built product served by its own server, the median of ${RUNS} runs per page (Runs lists each run's score); JS is what a first visit loads, gzip level 9. The simulation scales the CPU time it observed, so a busy machine lowers the scores (TBT shows it). Bare React + router app, built the same way: ${kb(bare)} KB. Budgets: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, CLS < ${BUDGET.cls}, landing JS ≤ ${JS_RATIO_BUDGET} × bare.`,
    '',
    '| Page | Performance | Runs | Accessibility | FCP ms | LCP ms | TBT ms | CLS | JS KB gzip | × bare |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const built = await run(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT });
  if (built !== 0) return built;
  await ensureLighthouse();
  const bare = await bareAppBytes();
  const sizes = bundleSizes(join(ROOT, 'apps', 'web', 'dist'));
  const dataDir = mkdtempSync(join(tmpdir(), 'questfield-perf-'));
  const server = await startServerProcess({
    args: [join(ROOT, 'apps', 'api', 'dist', 'server.js')],
    cwd: ROOT,
    host: 'localhost',
    // Migrations and the demo seed on a fresh database: slow when the machine is busy.
    timeoutMs: 60_000,
    // Production, as players meet it; a secret of its own for this run.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      // No card is taken here; a staging site is what this machine can run without Square.
      PAYMENT_PROVIDER: 'test',
      UNSAFE_STAGING_TEST_PAYMENTS: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const lines: Line[] = [];
  try {
    for (const page of PAGES) {
      const result = await auditMedian(`${server.url}${page.path}`, RUNS);
      lines.push({ path: page.path, js: sizes.route(page.route) ?? 0, result });
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const text = table(lines, bare);
  mkdirSync(join(ROOT, '.reports'), { recursive: true });
  writeFileSync(REPORT, text);
  process.stdout.write(`${text}\n`);
  const landing = lines.find((line) => line.path === '/');
  const overJs = landing === undefined || landing.js / bare > JS_RATIO_BUDGET;
  return lines.every((line) => line.result?.ok) && !overJs ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
